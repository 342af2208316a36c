/* Recorded places data, embedded in the binary so that the places screens work anywhere without
 * a network: OpenStreetMap Overpass replies, a Geoapify Places reply and the GeoNames cities
 * table. See data/PROVENANCE.md for where each file comes from and its licence. */
#ifndef DISCOVER_CSNAPSHOTPLACES_H
#define DISCOVER_CSNAPSHOTPLACES_H
#include <stddef.h>
#include "CSnapshotData.h"

/* The number of embedded places files. */
size_t dc_places_file_count(void);

/* The embedded places file at index i (0 ..< count), or a file with NULL name when out of range. */
dc_snapshot_file dc_places_file_at(size_t i);
#endif
