#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <readline/readline.h>
#include <readline/history.h>

// Ctrl-C for the REPL, the self-pipe way. The handler does only what a signal handler may: it
// stores to a `volatile sig_atomic_t` and write(2)s one byte to a non-blocking pipe. The reader
// polls the terminal and the pipe together, so a Ctrl-C that lands just before it blocks is
// still seen. Only ReadlineReader.swift calls these, so one copy of the state exists.

static inline volatile sig_atomic_t *keychain_sim_interrupt_flag(void) {
  static volatile sig_atomic_t flag = 0;
  return &flag;
}

static inline int *keychain_sim_interrupt_pipe(void) {
  static int ends[2] = {-1, -1};
  return ends;
}

static inline void keychain_sim_on_interrupt(int signal_number) {
  (void)signal_number;
  int saved = errno;
  *keychain_sim_interrupt_flag() = 1;
  int writer = keychain_sim_interrupt_pipe()[1];
  if (writer >= 0) {
    ssize_t ignored = write(writer, "", 1);  // a full pipe already says "interrupted"
    (void)ignored;
  }
  errno = saved;
}

/// Creates the pipe and installs the SIGINT handler; 0 on success, -1 with errno set.
static inline int keychain_sim_install_interrupt_handler(void) {
  int *ends = keychain_sim_interrupt_pipe();
  if (ends[0] < 0 && pipe2(ends, O_CLOEXEC | O_NONBLOCK) != 0) return -1;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = keychain_sim_on_interrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: a blocked read returns EINTR
  if (sigaction(SIGINT, &action, NULL) != 0) return -1;
  // A mask inherited from the parent (test runners block signals) would hold Ctrl-C back.
  sigset_t interrupt;
  sigemptyset(&interrupt);
  sigaddset(&interrupt, SIGINT);
  return sigprocmask(SIG_UNBLOCK, &interrupt, NULL);
}

/// The pipe's reading end, readable after a Ctrl-C; -1 before the handler is installed.
static inline int keychain_sim_interrupt_descriptor(void) {
  return keychain_sim_interrupt_pipe()[0];
}

/// Whether Ctrl-C was pressed since the last call; clears the flag and drains the pipe.
static inline int keychain_sim_take_interrupt(void) {
  char bytes[64];
  int reader = keychain_sim_interrupt_pipe()[0];
  if (reader >= 0) {
    while (read(reader, bytes, sizeof bytes) > 0) {}
  }
  int was = *keychain_sim_interrupt_flag() != 0;
  *keychain_sim_interrupt_flag() = 0;
  return was;
}
