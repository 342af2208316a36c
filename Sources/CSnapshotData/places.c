/* The embedded places snapshot: each data file is included byte for byte with C23 #embed. */
#include "CSnapshotPlaces.h"

static const unsigned char overpass_istanbul[] = {
#embed "data/overpass_istanbul_restaurants_cafes.json"
};
static const unsigned char overpass_lake_district_pub[] = {
#embed "data/overpass_lake_district_amenity_pub.json"
};
static const unsigned char overpass_lake_district_hostel[] = {
#embed "data/overpass_lake_district_tourism_hostel.json"
};
static const unsigned char places_paris_cafes[] = {
#embed "data/places_paris_cafes_proximity.json"
};
/* Places and streets of central Helsinki and Paris 10e, written by scripts/build-osm-areas.py
 * from recorded OpenStreetMap extracts (see data/PROVENANCE.md). */
static const unsigned char osm_helsinki_places[] = {
#embed "data/osm_helsinki_centre_places.json"
};
static const unsigned char osm_paris_10e_places[] = {
#embed "data/osm_paris_10e_places.json"
};
static const unsigned char osm_streets[] = {
#embed "data/osm_streets_compact.tsv"
};
static const unsigned char cities15000[] = {
#embed "data/cities15000.tsv"
};

static const dc_snapshot_file files[] = {
    {"overpass_istanbul_restaurants_cafes.json", overpass_istanbul, sizeof overpass_istanbul},
    {"overpass_lake_district_amenity_pub.json", overpass_lake_district_pub, sizeof overpass_lake_district_pub},
    {"overpass_lake_district_tourism_hostel.json", overpass_lake_district_hostel, sizeof overpass_lake_district_hostel},
    {"places_paris_cafes_proximity.json", places_paris_cafes, sizeof places_paris_cafes},
    {"osm_helsinki_centre_places.json", osm_helsinki_places, sizeof osm_helsinki_places},
    {"osm_paris_10e_places.json", osm_paris_10e_places, sizeof osm_paris_10e_places},
    {"osm_streets_compact.tsv", osm_streets, sizeof osm_streets},
    {"cities15000.tsv", cities15000, sizeof cities15000},
};

size_t dc_places_file_count(void) { return sizeof files / sizeof files[0]; }

dc_snapshot_file dc_places_file_at(size_t i) {
    if (i >= dc_places_file_count()) {
        dc_snapshot_file none = {NULL, NULL, 0};
        return none;
    }
    return files[i];
}
