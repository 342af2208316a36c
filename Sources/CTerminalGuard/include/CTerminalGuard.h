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

/* Save the termios of tty_fd and the bytes of leave_sequence (copied, at most 255 bytes),
 * then install the fatal-signal handlers. Returns 0, or -1 when tty_fd is not a terminal. */
int dc_guard_install(int tty_fd, const char *leave_sequence);

/* Restore the saved termios and write the leave sequence. Async-signal-safe; a no-op
 * before dc_guard_install. */
void dc_guard_restore(void);

/* Forget the saved state (after a clean shutdown), so a later fatal signal does nothing. */
void dc_guard_disarm(void);

/* Block the given signals in the calling thread (and so in every thread it starts later).
 * Used at start-up so that libdispatch signal sources (signalfd on Linux) receive them. */
int dc_block_signals(const int *signals, int count);

/* Unblock the given signals in the calling thread. */
int dc_unblock_signals(const int *signals, int count);
#endif
