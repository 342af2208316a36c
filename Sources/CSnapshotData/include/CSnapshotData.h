/* Real recorded API responses, embedded in the binary so that it runs anywhere without a network.
 * See data/PROVENANCE.md for where each file comes from and its licence. */
#ifndef DISCOVER_CSNAPSHOTDATA_H
#define DISCOVER_CSNAPSHOTDATA_H
#include <stddef.h>

/* One embedded file: its name (as in data/) and its bytes. */
typedef struct {
    const char *name;
    const unsigned char *bytes;
    size_t length;
} dc_snapshot_file;

/* The number of embedded files. */
size_t dc_snapshot_file_count(void);

/* The embedded file at index i (0 ..< count), or a file with NULL name when out of range. */
dc_snapshot_file dc_snapshot_file_at(size_t i);
#endif
