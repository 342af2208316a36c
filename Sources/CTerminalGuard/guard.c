#define _GNU_SOURCE
#include "CTerminalGuard.h"
#include <string.h>
#include <termios.h>
#include <unistd.h>

static volatile sig_atomic_t armed = 0;
static int guard_fd = -1;
static struct termios saved;
static char leave[256];
static size_t leave_len = 0;
static int have_saved = 0;

void dc_guard_restore(void) {
    if (!armed) return;
    tcsetattr(guard_fd, TCSANOW, &saved);
    size_t off = 0;
    while (off < leave_len) {
        ssize_t n = write(guard_fd, leave + off, leave_len - off);
        if (n <= 0) break;
        off += (size_t)n;
    }
}

void dc_guard_disarm(void) { armed = 0; }

static void on_fatal(int sig) {
    dc_guard_restore();
    armed = 0;
    signal(sig, SIG_DFL);
    raise(sig);
}



int dc_guard_save(int tty_fd) {
    if (tcgetattr(tty_fd, &saved) != 0) return -1;
    guard_fd = tty_fd;
    have_saved = 1;
    return 0;
}

void dc_guard_arm(const char *leave_sequence) {
    if (!have_saved) return;
    leave_len = 0;
    if (leave_sequence != NULL) {
        leave_len = strlen(leave_sequence);
        if (leave_len > sizeof leave) leave_len = sizeof leave;
        memcpy(leave, leave_sequence, leave_len);
    }
    armed = 1;
    static const int fatal[] = {SIGSEGV, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE};
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_fatal;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_RESETHAND | SA_NODEFER;
        sigaction(fatal[i], &sa, NULL);
    }
}


void dc_guard_restore_termios(void) {
    if (have_saved) tcsetattr(guard_fd, TCSANOW, &saved);
}

void dc_stop_job(void) {
    struct sigaction ignore, previous;
    memset(&ignore, 0, sizeof ignore);
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    int swapped = sigaction(SIGTSTP, &ignore, &previous) == 0;
    /* The rest of the process group (a wrapping `sh -c` that the job-control shell waits
     * for) stops as at a typed Ctrl-Z, and the shell reports the job stopped. */
    kill(0, SIGTSTP);
    if (swapped) sigaction(SIGTSTP, &previous, NULL);
    /* This process stops too; SIGSTOP also works in an orphaned process group, where the
     * kernel discards SIGTSTP. Execution goes on here once continued. */
    kill(getpid(), SIGSTOP);
}

#include <errno.h>
#include <fcntl.h>

static int signal_pipe[2] = {-1, -1};

static void on_signal(int sig) {
    int saved_errno = errno;
    unsigned char byte = (unsigned char)sig;
    if (signal_pipe[1] >= 0) {
        ssize_t ignored = write(signal_pipe[1], &byte, 1);
        (void)ignored;
    }
    errno = saved_errno;
}

int dc_signal_pipe(const int *signals, int count) {
    if (signal_pipe[0] < 0) {
        if (pipe(signal_pipe) != 0) return -1;
        for (int i = 0; i < 2; i++) {
            fcntl(signal_pipe[i], F_SETFD, FD_CLOEXEC);
            fcntl(signal_pipe[i], F_SETFL, fcntl(signal_pipe[i], F_GETFL) | O_NONBLOCK);
        }
    }
    for (int i = 0; i < count; i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_RESTART;
        if (sigaction(signals[i], &sa, NULL) != 0) return -1;
    }
    return signal_pipe[0];
}
