/// Which OpenStreetMap ways a person may walk along, from their tags
/// (https://wiki.openstreetmap.org/wiki/Key:highway, `Key:foot`, `Key:access`).
///
/// A way is walkable when its `highway` is one of `walkableHighways` and it is not closed to
/// walkers: `foot=no` closes it, and so does `access=no|private` unless `foot=yes|designated`
/// opens it again. Motorways are not walkable; trunk roads are, unless `foot=no`.
public enum WalkableWay {
    /// The `highway` values a pedestrian may use.
    public static let walkableHighways: Set<String> = [
        "footway", "path", "pedestrian", "steps", "living_street", "residential", "service", "unclassified",
        "tertiary", "tertiary_link", "secondary", "secondary_link", "primary", "primary_link",
        "track", "cycleway", "trunk", "trunk_link"
    ]

    /// The tags a walking graph needs kept beside a way's geometry (with `name`).
    public static let keptTags = ["highway", "foot", "access"]

    /// True when a person may walk along a way with these tags.
    /// - Parameter tags: the way's tags (only `highway`, `foot` and `access` are read).
    public static func allows(tags: [String: String]) -> Bool {
        guard let highway = tags["highway"], walkableHighways.contains(highway) else { return false }
        let foot = tags["foot"]
        if foot == "yes" || foot == "designated" { return true }
        if foot == "no" { return false }
        if let access = tags["access"], access == "no" || access == "private" { return false }
        return true
    }

    /// True for a flight of steps (`highway=steps`), walked more slowly.
    /// - Parameter tags: the way's tags.
    public static func isSteps(tags: [String: String]) -> Bool { tags["highway"] == "steps" }
}
