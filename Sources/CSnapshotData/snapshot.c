/* The embedded snapshot: each data file is included byte for byte with C23 #embed. The recorded
 * show lists themselves stay in data/ (the compact file is checked against them by the tests). */
#include "CSnapshotData.h"

/* The shows of shows_page_0.json, shows_page_1_2016.json and the schedule, with only the members
 * the program reads: written from those recorded files by scripts/compact_snapshot.py. */
static const unsigned char shows_compact[] = {
#embed "data/shows_compact.json"
};
/* The ids of the shows of the newest recorded week of streaming schedules (schedule_web_*.json),
 * with its first and last day: written by scripts/compact_snapshot.py. */
static const unsigned char airing_compact[] = {
#embed "data/airing_compact.json"
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
/* The recorded episode lists, casts and day schedules, one record a line, with only the members
 * the program reads: written by scripts/compact_snapshot.py from the recorded files in data/. */
static const unsigned char episodes_compact[] = {
#embed "data/episodes_compact.json"
};
static const unsigned char casts_compact[] = {
#embed "data/casts_compact.json"
};
static const unsigned char schedules_compact[] = {
#embed "data/schedules_compact.json"
};

/* The recorded people (people_*.json) with their recorded castcredits, one person a line:
 * written by scripts/compact_snapshot.py. */
static const unsigned char people_compact[] = {
#embed "data/people_compact.json"
};

static const dc_snapshot_file files[] = {
    {"shows_compact.json", shows_compact, sizeof shows_compact},
    {"airing_compact.json", airing_compact, sizeof airing_compact},
    {"shows_143_cast.json", shows_143_cast, sizeof shows_143_cast},
    {"shows_143_seasons.json", shows_143_seasons, sizeof shows_143_seasons},
    {"shows_82_episodes.json", shows_82_episodes, sizeof shows_82_episodes},
    {"episodes_compact.json", episodes_compact, sizeof episodes_compact},
    {"casts_compact.json", casts_compact, sizeof casts_compact},
    {"schedules_compact.json", schedules_compact, sizeof schedules_compact},
    {"people_compact.json", people_compact, sizeof people_compact},
};

size_t dc_snapshot_file_count(void) { return sizeof files / sizeof files[0]; }

dc_snapshot_file dc_snapshot_file_at(size_t i) {
    if (i >= dc_snapshot_file_count()) {
        dc_snapshot_file none = {NULL, NULL, 0};
        return none;
    }
    return files[i];
}
