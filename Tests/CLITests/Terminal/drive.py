#!/usr/bin/env python3
"""Drives keychain-sim in a pseudo-terminal, as a person at a keyboard would.

Usage: drive.py EXECUTABLE STEPS_JSON [ARG...]

STEPS_JSON is a list of steps: ["send", text] writes text to the terminal (\u0003 is Ctrl-C,
\t is Tab, \u001b[A is the Up arrow); ["expect", text] waits until text has appeared in the
output since the last expect (5 s at most). Environment variables of the test pass through.
Prints everything the terminal showed; exits 1 when an expected text never appeared, naming it.
"""
import json
import os
import pty
import select
import subprocess
import sys
import time


def main():
    executable, steps = sys.argv[1], json.loads(sys.argv[2])
    arguments = sys.argv[3:]
    leader, follower = pty.openpty()
    # 100 columns, so readline does not wrap the prompt.
    import fcntl, struct, termios
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    process = subprocess.Popen(
        [executable] + arguments, stdin=follower, stdout=follower, stderr=follower,
        start_new_session=True, close_fds=True,
        preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0))
    os.close(follower)
    output = b""
    seen = 0

    def read_some(deadline):
        nonlocal output
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return False
        ready, _, _ = select.select([leader], [], [], remaining)
        if not ready:
            return False
        try:
            chunk = os.read(leader, 4096)
        except OSError:
            return False
        if not chunk:
            return False
        output += chunk
        return True

    for kind, text in steps:
        if kind == "send":
            os.write(leader, text.encode())
        elif kind == "expect":
            wanted = text.encode()
            deadline = time.monotonic() + 5
            while wanted not in output[seen:]:
                if not read_some(deadline):
                    sys.stdout.write(output.decode(errors="replace"))
                    sys.stdout.write("\n[drive.py] never appeared: %r\n" % text)
                    process.kill()
                    sys.exit(1)
            seen = output.index(wanted, seen) + len(wanted)
    deadline = time.monotonic() + 5
    while process.poll() is None and time.monotonic() < deadline:
        read_some(min(deadline, time.monotonic() + 0.1))
    while read_some(time.monotonic() + 0.2):
        pass
    if process.poll() is None:
        process.kill()
        sys.stdout.write(output.decode(errors="replace"))
        sys.stdout.write("\n[drive.py] the process did not exit\n")
        sys.exit(1)
    sys.stdout.write(output.decode(errors="replace"))
    sys.stdout.write("\n[drive.py] exit status %d\n" % process.returncode)


main()
