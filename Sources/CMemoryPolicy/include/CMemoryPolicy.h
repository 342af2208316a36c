/* The process's memory policy, through glibc's mallopt(3).
 *
 * dc_map_large_blocks(threshold) makes every block of at least `threshold` bytes a mapping of
 * its own, unmapped when freed. Setting M_MMAP_THRESHOLD turns off glibc's dynamic threshold,
 * which otherwise rises to the size of the largest mapped block freed (up to 32 MiB on 64-bit
 * systems), after which large blocks come from the threads' arenas and, freed, stay there.
 */
#ifndef DISCOVER_CMEMORYPOLICY_H
#define DISCOVER_CMEMORYPOLICY_H
#include <stddef.h>

/* Returns 1 when the C library took the setting, else 0. */
int dc_map_large_blocks(size_t threshold);

#endif
