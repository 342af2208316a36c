#!/usr/bin/env python3
"""Writes a synthetic mirror of TVmaze's show index, as `discover-tui mirror` keeps it
(mirror.sqlite3, the schema of Sources/Workers/Mirror/MirrorStore.swift), for the benchmark and
for measuring the mirror's size: the recorded `/shows?page=0` and `/shows?page=1` repeated with
new ids and names (every show keeps its recorded synopsis, kinds, genres and channels). It is
not TVmaze's index: it says so in its name (`synthetic`), and the figures made with it say so.

usage: mirror_synthetic.py PATH [--shows 80000] [--age-hours 1]
"""
import argparse, datetime, json, os, random, sqlite3, struct, time, zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "Sources", "CSnapshotData", "data")
APPLICATION_ID = 0x44697376


def recorded_shows():
    shows = []
    for name in ("shows_page_0.json", "shows_page_1_2016.json"):
        with open(os.path.join(DATA, name)) as f:
            shows += json.load(f)
    return shows


SEP = "\x1f"


def day_number(iso):
    """Days since 1970-01-01 of a `YYYY-MM-DD` day (`CivilDays`), or None."""
    try:
        return (datetime.date.fromisoformat(iso) - datetime.date(1970, 1, 1)).days if iso else None
    except ValueError:
        return None


def row(show, show_id, name):
    """The `shows` row of a recorded show, as MirrorRows writes it."""
    channel, web = (show.get("network"), "n") if show.get("network") else (show.get("webChannel"), "w")
    country = (channel or {}).get("country") or {}
    schedule = show.get("schedule") or {}
    days = schedule.get("days") or []
    average = (show.get("rating") or {}).get("average")
    return (show_id, name, show.get("type"), show.get("language"), SEP.join(show.get("genres") or []) or None,
            show.get("status"), show.get("runtime") or show.get("averageRuntime"), day_number(show.get("premiered")),
            day_number(show.get("ended")), show.get("officialSite"),
            SEP.join([schedule.get("time") or ""] + days) if schedule.get("time") or days else None,
            round(average * 10) if isinstance(average, (int, float)) else None, show.get("weight"),
            SEP.join([web, channel.get("name") or "", country.get("name") or "", country.get("code") or "", country.get("timezone") or ""])
            if channel and channel.get("name") else None,
            show.get("updated"))


def packed(html):
    """A synopsis as MirrorSynopsis packs it: 1, its UTF-8 length and CRC-32 (little-endian), raw DEFLATE."""
    plain = html.encode("utf-8")
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    deflated = squeeze.compress(plain) + squeeze.flush()
    if len(plain) <= 16 or len(deflated) + 9 >= len(plain):
        return b"\x00" + plain
    return b"\x01" + struct.pack("<II", len(plain), zlib.crc32(plain)) + deflated


def make_mirror(path, count=80_000, age_hours=1.0, first_id=1):
    """Writes `count` shows to a new mirror at `path`, its last refresh `age_hours` ago; returns
    the ids written."""
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    base = recorded_shows()
    rng = random.Random(count)
    words = sorted({w for s in base for w in (s.get("name") or "").split() if w.isalpha()})
    db = sqlite3.connect(path)
    db.executescript("""
        PRAGMA journal_mode=WAL;
        CREATE TABLE shows(id INTEGER PRIMARY KEY, name TEXT NOT NULL, type TEXT, language TEXT,
          genres TEXT, status TEXT, runtime INTEGER, premiered INTEGER, ended INTEGER, site TEXT, schedule TEXT,
          rating INTEGER, weight INTEGER, channel INTEGER, updated INTEGER);
        CREATE TABLE channels(id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE);
        CREATE TABLE summaries(id INTEGER PRIMARY KEY, packed BLOB NOT NULL);
        CREATE INDEX shows_rank ON shows(weight DESC, rating DESC);
        CREATE TABLE pages(page INTEGER PRIMARY KEY, shows INTEGER NOT NULL, at INTEGER NOT NULL);
        CREATE TABLE facts(key TEXT PRIMARY KEY, value INTEGER NOT NULL);
    """)
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute("PRAGMA user_version = 1")
    ids = list(range(first_id, first_id + count))
    rows, summaries, packs, channels = [], [], {}, {}
    for i, show_id in enumerate(ids):
        show = base[i % len(base)]
        name = " ".join(rng.choice(words) for _ in range(rng.randint(1, 4))) + f" {i}"
        values = list(row(show, show_id, name))
        if values[13] is not None:
            values[13] = channels.setdefault(values[13], len(channels) + 1)
        rows.append(values)
        if show.get("summary"):
            summary = show["summary"]
            if summary not in packs:
                packs[summary] = packed(summary)
            summaries.append((show_id, packs[summary]))
    db.executemany("INSERT INTO shows VALUES (" + ",".join("?" * 15) + ")", rows)
    db.executemany("INSERT INTO summaries VALUES (?, ?)", summaries)
    db.executemany("INSERT INTO channels VALUES (?, ?)", [(i, text) for text, i in channels.items()])
    at = int(time.time() - age_hours * 3600)
    db.executemany("INSERT INTO pages VALUES (?, ?, ?)", [(p, 250, at) for p in range((count + 249) // 250)])
    db.executemany("INSERT INTO facts VALUES (?, ?)", [("index_started_at", at), ("index_done_at", at)])
    db.commit()
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    return ids


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("path")
    ap.add_argument("--shows", type=int, default=80_000)
    ap.add_argument("--age-hours", type=float, default=1.0)
    a = ap.parse_args()
    make_mirror(a.path, a.shows, a.age_hours)
    print(f"{a.shows} synthetic shows in {a.path}: {os.path.getsize(a.path) / 1e6:.1f} MB")
