#include <stdio.h>
#include <signal.h>
#include <string.h>
#include <readline/readline.h>
#include <readline/history.h>

// Ctrl-C for the REPL. The handler only stores to a `volatile sig_atomic_t`, the one thing a
// signal handler may safely do; the reader polls the flag when `read` returns EINTR (the
// handler is installed without SA_RESTART so that it does). Only ReadlineReader.swift calls
// these, so one copy of the flag exists.

static inline volatile sig_atomic_t *keychain_sim_interrupt_flag(void) {
  static volatile sig_atomic_t flag = 0;
  return &flag;
}

static inline void keychain_sim_on_interrupt(int signal_number) {
  (void)signal_number;
  *keychain_sim_interrupt_flag() = 1;
}

/// Installs the SIGINT handler; 0 on success, -1 with errno set.
static inline int keychain_sim_install_interrupt_handler(void) {
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

/// Whether Ctrl-C was pressed since the last call; clears the flag.
static inline int keychain_sim_take_interrupt(void) {
  int was = *keychain_sim_interrupt_flag() != 0;
  *keychain_sim_interrupt_flag() = 0;
  return was;
}
