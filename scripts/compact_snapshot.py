#!/usr/bin/env python3
"""Writes Sources/CSnapshotData/data/shows_compact.json, the embedded snapshot's shows in the
form the program reads at start-up, from the recorded TVmaze responses beside it.

usage: compact_snapshot.py [--check]

The recorded files stay as they were recorded; this file is derived from them:
  - the shows of shows_page_0.json and shows_page_1_2016.json, then the `show` (or
    `_embedded.show`) of each entry of schedule_US_2017-09-21.json, in that order;
  - of each show, only the members the catalogue reads (TVmazeDTO.Show: id, name, type,
    language, genres, status, runtime, averageRuntime, premiered, ended, officialSite,
    schedule.time/days, rating.average, weight, network and webChannel name and
    country name/code, summary, updated), values unchanged;
  - one JSON array, one show per line, UTF-8 without escapes.
Elements that are not objects are left out (the program skips them too), and so is a show
repeated member for member (the program keeps the first of equal records); everything else,
including shows without an id and repeated ids, is kept for the program to judge as it judges
the recorded files. ShowCatalogTests checks that this file gives the catalogue the recorded
files give. With --check, exits 1 when the committed file differs from what would be written.
"""
import json, os, sys

DATA = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Sources", "CSnapshotData", "data")
OUT = os.path.join(DATA, "shows_compact.json")
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
                c["country"] = pick(c["country"], ["name", "code"])
            out[channel] = c
    return out


def shows():
    found = []
    for name in ("shows_page_0.json", "shows_page_1_2016.json"):
        with open(os.path.join(DATA, name), encoding="utf-8") as f:
            found += json.load(f)
    with open(os.path.join(DATA, "schedule_US_2017-09-21.json"), encoding="utf-8") as f:
        for entry in json.load(f):
            if not isinstance(entry, dict):
                continue
            show = entry.get("show")
            if not isinstance(show, dict):
                embedded = entry.get("_embedded")
                show = embedded.get("show") if isinstance(embedded, dict) else None
            if isinstance(show, dict):
                found.append(show)
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


def main():
    text = render()
    if "--check" in sys.argv[1:]:
        with open(OUT, "rb") as f:
            same = f.read() == text
        print("shows_compact.json is up to date" if same else "shows_compact.json differs: run scripts/compact_snapshot.py")
        sys.exit(0 if same else 1)
    with open(OUT, "wb") as f:
        f.write(text)
    print(f"wrote {OUT} ({len(text)} bytes)")


if __name__ == "__main__":
    main()
