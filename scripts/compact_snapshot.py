#!/usr/bin/env python3
"""Writes Sources/CSnapshotData/data/shows_compact.json, the embedded snapshot's shows in the
form the program reads at start-up, and airing_compact.json, the ids of the shows of the newest
recorded week of schedules, from the recorded TVmaze responses beside them.

usage: compact_snapshot.py [--check]

The recorded files stay as they were recorded; shows_compact.json is derived from them:
  - the shows of shows_page_0.json and shows_page_1_2016.json, then the `show` (or
    `_embedded.show`) of each entry of schedule_US_2017-09-21.json, then of each entry of the
    recorded streaming schedules schedule_web_YYYY-MM-DD.json (by date), then the recorded
    single shows show_*.json (by name), in that order;
  - of each show, only the members the catalogue reads (TVmazeDTO.Show: id, name, type,
    language, genres, status, runtime, averageRuntime, premiered, ended, officialSite,
    schedule.time/days, rating.average, weight, network and webChannel name and
    country name/code/timezone, summary, updated), values unchanged;
  - one JSON array, one show per line, UTF-8 without escapes.
Elements that are not objects are left out (the program skips them too), and so is a show
repeated member for member (the program keeps the first of equal records); everything else,
including shows without an id and repeated ids, is kept for the program to judge as it judges
the recorded files. ShowCatalogTests checks that this file gives the catalogue the recorded
files give. With --check, exits 1 when the committed file differs from what would be written.
"""
import datetime, json, os, sys

DATA = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Sources", "CSnapshotData", "data")
OUT = os.path.join(DATA, "shows_compact.json")
AIRING = os.path.join(DATA, "airing_compact.json")
SHOW_KEYS = ["id", "name", "type", "language", "genres", "status", "runtime", "averageRuntime", "premiered", "ended",
             "officialSite", "schedule", "rating", "weight", "network", "webChannel", "summary", "updated"]


def pick(obj, keys):
    return {k: obj[k] for k in keys if k in obj}


def compact_show(show):
    out = pick(show, SHOW_KEYS)
    if isinstance(out.get("schedule"), dict):
        out["schedule"] = pick(out["schedule"], ["time", "days"])
    if isinstance(out.get("rating"), dict):
        out["rating"] = pick(out["rating"], ["average"])
    for channel in ("network", "webChannel"):
        if isinstance(out.get(channel), dict):
            c = pick(out[channel], ["name", "country"])
            if isinstance(c.get("country"), dict):
                c["country"] = pick(c["country"], ["name", "code", "timezone"])
            out[channel] = c
    return out


def web_schedules():
    """The recorded streaming schedules, oldest first: (date, file name)."""
    names = sorted(n for n in os.listdir(DATA) if n.startswith("schedule_web_") and n.endswith(".json"))
    return [(n[len("schedule_web_"):-len(".json")], n) for n in names]


def schedule_shows(name):
    found = []
    with open(os.path.join(DATA, name), encoding="utf-8") as f:
        for entry in json.load(f):
            if not isinstance(entry, dict):
                continue
            show = entry.get("show")
            if not isinstance(show, dict):
                embedded = entry.get("_embedded")
                show = embedded.get("show") if isinstance(embedded, dict) else None
            if isinstance(show, dict):
                found.append(show)
    return found


def newest_week():
    """The newest Monday-to-Sunday week whose seven days are all recorded: (monday, sunday,
    the ids of the week's shows in order of first appearance), or None."""
    dates = {date for date, _ in web_schedules()}
    for date, _ in reversed(web_schedules()):
        day = datetime.date.fromisoformat(date)
        if day.weekday() != 6:
            continue
        week = [(day - datetime.timedelta(days=i)).isoformat() for i in range(6, -1, -1)]
        if all(d in dates for d in week):
            ids = []
            for d in week:
                for show in schedule_shows("schedule_web_" + d + ".json"):
                    if isinstance(show.get("id"), int) and show["id"] not in ids:
                        ids.append(show["id"])
            return week[0], week[-1], ids
    return None


def shows():
    found = []
    for name in ("shows_page_0.json", "shows_page_1_2016.json"):
        with open(os.path.join(DATA, name), encoding="utf-8") as f:
            found += json.load(f)
    found += schedule_shows("schedule_US_2017-09-21.json")
    for _, name in web_schedules():
        found += schedule_shows(name)
    for name in sorted(n for n in os.listdir(DATA) if n.startswith("show_") and n.endswith(".json")):
        with open(os.path.join(DATA, name), encoding="utf-8") as f:
            found.append(json.load(f))
    out, seen = [], set()
    for show in found:
        if not isinstance(show, dict):
            continue
        show = compact_show(show)
        # A record repeated member for member adds nothing (the program keeps the first of equals).
        key = json.dumps(show, sort_keys=True)
        if key in seen:
            continue
        seen.add(key)
        out.append(show)
    return out


def render():
    lines = [json.dumps(s, ensure_ascii=False, separators=(",", ":")) for s in shows()]
    return ("[\n" + ",\n".join(lines) + "\n]\n").encode("utf-8")


def render_airing():
    """{"from": monday, "through": sunday, "ids": [...]}: the shows of the newest recorded week."""
    week = newest_week()
    if week is None:
        return b"null\n"
    monday, sunday, ids = week
    return (json.dumps({"from": monday, "through": sunday, "ids": ids}, separators=(",", ":")) + "\n").encode("utf-8")


def main():
    outputs = [(OUT, render()), (AIRING, render_airing())]
    if "--check" in sys.argv[1:]:
        stale = []
        for path, text in outputs:
            try:
                with open(path, "rb") as f:
                    if f.read() != text:
                        stale.append(os.path.basename(path))
            except OSError:
                stale.append(os.path.basename(path))
        print("the compact files are up to date" if not stale else ", ".join(stale) + " differ: run scripts/compact_snapshot.py")
        sys.exit(0 if not stale else 1)
    for path, text in outputs:
        with open(path, "wb") as f:
            f.write(text)
        print(f"wrote {path} ({len(text)} bytes)")


if __name__ == "__main__":
    main()
