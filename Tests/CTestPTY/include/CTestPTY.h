/* Opening a pseudo-terminal pair for tests (posix_openpt and friends need _XOPEN_SOURCE,
 * which Swift's Glibc module does not expose). */
#ifndef DISCOVER_CTESTPTY_H
#define DISCOVER_CTESTPTY_H
#include <stddef.h>

/* Opens a pseudo-terminal master (close-on-exec), grants and unlocks it, and writes the
 * slave's path into name (size bytes). Returns the master's descriptor, or -1. */
int dc_open_pty_master(char *name, size_t size);
#endif
