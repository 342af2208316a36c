/* Last-resort terminal restoration for fatal signals.
 *
 * dc_guard_install() records the terminal's settings before curses changes them and
 * installs async-signal-safe handlers for SIGSEGV, SIGILL, SIGTRAP, SIGABRT, SIGBUS and
 * SIGFPE. A handler restores those settings, writes the sequence that leaves the
 * alternate screen and shows the cursor, then re-raises the signal with its default
 * action, so a crash never leaves the terminal in raw mode.
 */
#ifndef DISCOVER_CTERMINALGUARD_H
#define DISCOVER_CTERMINALGUARD_H
#include <signal.h>

/* Save the termios of tty_fd as the state to restore. Call before curses changes the
 * terminal. Returns 0, or -1 when tty_fd is not a terminal. */
int dc_guard_save(int tty_fd);

/* Record leave_sequence (copied, at most 256 bytes) and install the fatal-signal handlers.
 * Call after dc_guard_save, once curses is set up. */
void dc_guard_arm(const char *leave_sequence);

/* Restore the saved termios and write the leave sequence. Async-signal-safe; a no-op
 * before dc_guard_install. */
void dc_guard_restore(void);

/* Restore only the saved termios (after a clean endwin). */
void dc_guard_restore_termios(void);

/* Stops the job: SIGTSTP to the rest of this process group (ignored here meanwhile, so no
 * handler of this process sees it), then SIGSTOP to this process. Returns once continued.
 * Call after the terminal is restored: a wrapping shell in the group stops at that moment,
 * and its parent shell prints its job line and prompt on a terminal already restored. */
void dc_stop_job(void);

/* Forget the saved state (after a clean shutdown), so a later fatal signal does nothing. */
void dc_guard_disarm(void);

/* Installs a handler for each signal that writes the signal's number, as one byte, to a
 * non-blocking close-on-exec pipe (the self-pipe trick: async-signal-safe, and it works
 * whichever thread the kernel delivers a signal to). Returns the pipe's read end, or -1. */
int dc_signal_pipe(const int *signals, int count);

/* The width in terminal cells of a Unicode code point as wcwidth(3) reports it under C.UTF-8
 * (whatever the process's LC_CTYPE; the current one only when C.UTF-8 is missing): 0, 1 or 2,
 * or -1 when not printable. */
int dc_wcwidth(unsigned int code_point);
#endif
