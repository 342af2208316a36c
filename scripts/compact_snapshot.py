#!/usr/bin/env python3
"""Writes Sources/CSnapshotData/data/shows_compact.json, the embedded snapshot's shows in the
form the program reads at start-up, and airing_compact.json, the ids of the shows of the newest
recorded week of schedules, from the recorded TVmaze responses beside them; and
episodes_compact.json, casts_compact.json and schedules_compact.json, the recorded episode
lists, casts and day schedules (see EPISODE_FILES, CAST_FILES, SCHEDULE_FILES below); and
people_compact.json, the recorded people and their castcredits (PEOPLE_FILES).

usage: compact_snapshot.py [--check]

The recorded files stay as they were recorded; shows_compact.json is derived from them:
  - the shows of shows_page_0.json and shows_page_1_2016.json, then the `show` (or
    `_embedded.show`) of each entry of schedule_US_2017-09-21.json, then of each entry of the
    recorded streaming schedules schedule_web_YYYY-MM-DD.json (by date), then the recorded
    single shows show_*.json (by name), then the shows of the casts recorded with their show
    (cast_*.json holding `/shows/ID?embed=cast`, by name), in that order;
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
    """The recorded streaming schedules of January 2024, oldest first: (date, file name)."""
    names = sorted(n for n in os.listdir(DATA) if n.startswith("schedule_web_2024-") and n.endswith(".json"))
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
    # A cast recorded as `/shows/ID?embed=cast` carries its show: the show is in the catalogue
    # too (The Office, 526), so that every show whose cast the snapshot holds can be found.
    for name in sorted(n for n in os.listdir(DATA) if n.startswith("cast_") and n.endswith(".json")):
        with open(os.path.join(DATA, name), encoding="utf-8") as f:
            record = json.load(f)
        if isinstance(record, dict) and "id" in record and "name" in record:
            found.append(record)
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


# The recorded episode lists: (TVmaze show id, file, day recorded (the commit's date in the
# source repository, see PROVENANCE.md)). One list a show: the newest recording.
EPISODE_FILES = [
    (82, "shows_82_episodes.json", "2025-08-14"),
    (83, "episodes_83_the-simpsons.json", "2023-07-25"),
    (169, "episodes_169_breaking-bad_2021-04.json", "2021-04-25"),
    (123, "episodes_123_lost.json", "2019-05-12"),
    (49, "episodes_49_brooklyn-nine-nine.json", "2020-06-12"),
    (84, "episodes_84_family-guy.json", "2019-12-10"),
    (431, "show_431_friends_embed-episodes.json", "2016-10-17"),
    (315, "show_315_archer_embed-episodes.json", "2019-12-10"),
    (1, "show_1_under-the-dome_embed-episodes-cast.json", "2019-05-31"),
    (143, "episodes_143_silicon-valley.json", "2019-08-18"),
    (1371, "episodes_1371_westworld.json", "2019-08-18"),
    (216, "episodes_216_rick-and-morty.json", "2019-08-18"),
    (2993, "episodes_2993_stranger-things.json", "2021-04-25"),
    (30715, "episodes_30715_disenchantment.json", "2021-04-25"),
    (40140, "episodes_40140_the-rising-of-the-shield-hero.json", "2022-07-17"),
]
# The recorded casts: (TVmaze show id, file, provider, day recorded). TMDB's credits are filed
# under the TVmaze id of the same show (TMDB 1399 is TVmaze 82, Game of Thrones; TMDB 1396 is
# TVmaze 169, Breaking Bad), in TMDB's billing order.
CAST_FILES = [
    (82, "tv_1399_game-of-thrones_credits.json", "TMDB", "2024-03-14"),
    (169, "tv_1396_breaking-bad_credits.json", "TMDB", "2022-11-26"),
    (1, "cast_1_under-the-dome.json", "TVmaze", "2023-03-03"),
    (431, "cast_431_friends.json", "TVmaze", "2019-11-06"),
    (526, "cast_526_the-office.json", "TVmaze", "2024-04-29"),
    (1058, "cast_1058_the-a-team.json", "TVmaze", "2018-06-28"),
    (143, "shows_143_cast.json", "TVmaze", None),
]
# The recorded day schedules: (country code or None for the web schedule, day, file, day recorded).
SCHEDULE_FILES = [
    ("US", "2017-09-21", "schedule_US_2017-09-21.json", "2017-09-21"),
    ("NO", "2017-09-21", "schedule_NO_2017-09-21.json", "2017-09-21"),
    ("US", "2019-04-21", "schedule_US_2019-04-21.json", "2019-05-31"),
    ("US", "2020-12-01", "schedule_US_2020-12-01.json", "2021-08-11"),
    (None, "2020-12-01", "schedule_web_2020-12-01.json", "2022-09-06"),
] + [(None, date, name, "2024-11-24") for date, name in web_schedules()]
EPISODE_KEYS = ["id", "name", "season", "number", "type", "airdate", "airstamp", "runtime", "rating", "summary"]
OUT_EPISODES = os.path.join(DATA, "episodes_compact.json")
OUT_CASTS = os.path.join(DATA, "casts_compact.json")
OUT_SCHEDULES = os.path.join(DATA, "schedules_compact.json")


def load(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as f:
        return json.load(f)


def compact_episode(episode, keys=EPISODE_KEYS):
    """An episode with only the members the program reads; nulls and the default type
    ("regular") left out, rating as {"average": x}."""
    out = {k: v for k, v in pick(episode, keys).items() if v is not None}
    if out.get("type") == "regular":
        del out["type"]
    if isinstance(out.get("rating"), dict):
        out["rating"] = pick(out["rating"], ["average"])
        if out["rating"].get("average") is None:
            del out["rating"]
    return out


def line(obj):
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def render_episodes():
    """One line a show: {"show": id, "file": name, "recorded": day, "episodes": [...]}."""
    lines = []
    for show, name, recorded in EPISODE_FILES:
        data = load(name)
        if isinstance(data, dict):
            data = (data.get("_embedded") or {}).get("episodes") or []
        episodes = [compact_episode(e) for e in data if isinstance(e, dict)]
        lines.append(line({"show": show, "file": name, "recorded": recorded, "episodes": episodes}))
    return ("\n".join(lines) + "\n").encode("utf-8")


def render_casts():
    """One line a show: {"show": id, "file", "provider", "recorded", "cast": [{person: {id, name},
    character: {name}, voice}]} (TVmaze's /cast shape, whatever the provider). Only TVmaze's
    people keep their id: TMDB's person ids are another numbering, so its people are named only."""
    lines = []
    for show, name, provider, recorded in CAST_FILES:
        data = load(name)
        cast = []
        if provider == "TMDB":
            members = sorted((m for m in data.get("cast", []) if isinstance(m, dict)), key=lambda m: m.get("order", 1 << 30))
            for m in members:
                entry = {"person": {"name": m.get("name")}}
                if m.get("character"):
                    entry["character"] = {"name": m["character"]}
                cast.append(entry)
        else:
            if isinstance(data, dict):
                data = (data.get("_embedded") or {}).get("cast") or []
            for m in data:
                if not isinstance(m, dict):
                    continue
                entry = {"person": pick(m.get("person") or {}, ["id", "name"])}
                if isinstance(m.get("character"), dict):
                    entry["character"] = pick(m["character"], ["name"])
                if m.get("voice"):
                    entry["voice"] = True
                cast.append(entry)
        lines.append(line({"show": show, "file": name, "provider": provider, "recorded": recorded, "cast": cast}))
    return ("\n".join(lines) + "\n").encode("utf-8")


# The recorded people: (TVmaze person id, person file, castcredits file, day recorded). Their
# castcredits name shows by link or embed them; an embedded show is kept (compact) for the
# credits whose show the snapshot does not otherwise hold.
PEOPLE_FILES = [
    (1, "people_1_mike-vogel.json", "people_1_castcredits_embed-show.json", "2019-01-19"),
    (27753, "people_27753_thomas-middleditch.json", "people_27753_castcredits.json", "2017-09-21"),
]
OUT_PEOPLE = os.path.join(DATA, "people_compact.json")


def link_id(href, kind):
    """The id at the end of a TVmaze link such as http://api.tvmaze.com/shows/143."""
    marker = "/" + kind + "/"
    if not isinstance(href, str) or marker not in href:
        return None
    tail = href.rsplit(marker, 1)[1]
    return int(tail) if tail.isdigit() else None


def render_people():
    """One line a person: {"person": id, "file", "recorded", "name", "country", "birthday",
    "deathday", "gender", "credits": [{"show": id, "record": compact show when embedded}]}."""
    lines = []
    for person, name, credits_name, recorded in PEOPLE_FILES:
        data = load(name)
        out = {"person": person, "file": credits_name, "recorded": recorded, "name": data.get("name")}
        country = data.get("country")
        if isinstance(country, dict) and country.get("name"):
            out["country"] = country["name"]
        for key in ("birthday", "deathday", "gender"):
            if isinstance(data.get(key), str):
                out[key] = data[key]
        credits = []
        for credit in load(credits_name):
            if not isinstance(credit, dict):
                continue
            links = credit.get("_links") or {}
            show = ((credit.get("_embedded") or {}).get("show"))
            entry = {}
            if isinstance(show, dict) and isinstance(show.get("id"), int):
                entry["show"] = show["id"]
                entry["record"] = compact_show(show)
            else:
                show_id = link_id((links.get("show") or {}).get("href"), "shows")
                if show_id is None:
                    continue
                entry["show"] = show_id
            if credit.get("voice"):
                entry["voice"] = True
            credits.append(entry)
        out["credits"] = credits
        lines.append(line(out))
    return ("\n".join(lines) + "\n").encode("utf-8")


SCHEDULE_SHOW_KEYS = ["id", "name", "type", "language", "genres", "status", "runtime", "averageRuntime", "premiered",
                      "ended", "rating", "weight", "network", "webChannel", "updated"]


def render_schedules():
    """First line: {"shows": [each show of every schedule once (the record with the newest
    `updated`), with the members of SCHEDULE_SHOW_KEYS]}; then one line a schedule:
    {"country": code or null, "date", "file", "recorded", "entries": [episodes without
    summaries, each with the "showId" of its show]}."""
    shows, lines = {}, []
    for country, date, name, recorded in SCHEDULE_FILES:
        entries = []
        for entry in load(name):
            if not isinstance(entry, dict):
                continue
            show = entry.get("show")
            if not isinstance(show, dict):
                embedded = entry.get("_embedded")
                show = embedded.get("show") if isinstance(embedded, dict) else None
            if not isinstance(show, dict) or not isinstance(show.get("id"), int):
                continue
            kept = shows.get(show["id"])
            if kept is None or (show.get("updated") or 0) > (kept.get("updated") or 0):
                shows[show["id"]] = pick(compact_show(show), SCHEDULE_SHOW_KEYS)
            episode = compact_episode(entry, [k for k in EPISODE_KEYS if k != "summary"])
            episode["showId"] = show["id"]
            entries.append(episode)
        lines.append(line({"country": country, "date": date, "file": name, "recorded": recorded, "entries": entries}))
    first = "{\"shows\":[\n" + ",\n".join(line(show) for show in shows.values()) + "\n]}"
    return ("\n".join([first] + lines) + "\n").encode("utf-8")


def main():
    outputs = [(OUT, render()), (AIRING, render_airing()), (OUT_EPISODES, render_episodes()),
               (OUT_CASTS, render_casts()), (OUT_SCHEDULES, render_schedules()), (OUT_PEOPLE, render_people())]
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
