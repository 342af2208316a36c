#define _XOPEN_SOURCE 700
#include "CTestPTY.h"
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int dc_open_pty_master(char *name, size_t size) {
    int fd = posix_openpt(O_RDWR | O_NOCTTY);
    if (fd < 0) return -1;
    if (grantpt(fd) != 0 || unlockpt(fd) != 0) { close(fd); return -1; }
    const char *slave = ptsname(fd);
    if (slave == NULL || strlen(slave) + 1 > size) { close(fd); return -1; }
    strcpy(name, slave);
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    return fd;
}
