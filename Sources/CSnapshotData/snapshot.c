/* The embedded snapshot: each data file is included byte for byte with C23 #embed. */
#include "CSnapshotData.h"

static const unsigned char shows_page_0[] = {
#embed "data/shows_page_0.json"
};
static const unsigned char shows_page_1_2016[] = {
#embed "data/shows_page_1_2016.json"
};
static const unsigned char schedule_us_2017[] = {
#embed "data/schedule_US_2017-09-21.json"
};
static const unsigned char shows_143_cast[] = {
#embed "data/shows_143_cast.json"
};
static const unsigned char shows_143_seasons[] = {
#embed "data/shows_143_seasons.json"
};
static const unsigned char shows_82_episodes[] = {
#embed "data/shows_82_episodes.json"
};

static const dc_snapshot_file files[] = {
    {"shows_page_0.json", shows_page_0, sizeof shows_page_0},
    {"shows_page_1_2016.json", shows_page_1_2016, sizeof shows_page_1_2016},
    {"schedule_US_2017-09-21.json", schedule_us_2017, sizeof schedule_us_2017},
    {"shows_143_cast.json", shows_143_cast, sizeof shows_143_cast},
    {"shows_143_seasons.json", shows_143_seasons, sizeof shows_143_seasons},
    {"shows_82_episodes.json", shows_82_episodes, sizeof shows_82_episodes},
};

size_t dc_snapshot_file_count(void) { return sizeof files / sizeof files[0]; }

dc_snapshot_file dc_snapshot_file_at(size_t i) {
    if (i >= dc_snapshot_file_count()) {
        dc_snapshot_file none = {NULL, NULL, 0};
        return none;
    }
    return files[i];
}
