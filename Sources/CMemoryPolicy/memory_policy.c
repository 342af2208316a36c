#include "CMemoryPolicy.h"

#include <limits.h>
#include <malloc.h>

int dc_map_large_blocks(size_t threshold) {
    if (threshold > INT_MAX) return 0;
    return mallopt(M_MMAP_THRESHOLD, (int)threshold) == 1;
}
