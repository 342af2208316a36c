/// The kind of a line or area on the street map, from its OpenStreetMap tags
/// (https://wiki.openstreetmap.org/wiki/Key:highway, `waterway`/`natural=water`, `leisure=park`,
/// `railway=rail`…), in drawing order: areas first, then railways, then roads from the faintest
/// to the boldest, so that a main road is drawn over a footway.
public enum StreetClass: Int, Sendable, Hashable, CaseIterable, Comparable {
    /// Water: `natural=water`, `waterway=*`, `landuse=reservoir`, `natural=coastline`.
    case water
    /// Green space: `leisure=park|garden`, `landuse=grass|forest`, `natural=wood`.
    case park
    /// Rail lines: `railway=rail|tram|light_rail|subway|narrow_gauge`.
    case railway
    /// Paths: `highway=footway|path|pedestrian|cycleway|steps|bridleway|track`.
    case footway
    /// Small streets: `highway=residential|living_street|service|unclassified|road`.
    case residential
    /// `highway=tertiary` (and its `_link`).
    case tertiary
    /// `highway=secondary` (and its `_link`).
    case secondary
    /// Main roads: `highway=primary|trunk|motorway` (and their `_link`s).
    case primary

    /// True for the roads whose names the map may write along them (tertiary and above).
    public var isMain: Bool { self >= .tertiary }

    /// True for the classes drawn as areas when their way is closed (water, parks).
    public var isArea: Bool { self == .water || self == .park }

    /// Orders by drawing order.
    public static func < (lhs: StreetClass, rhs: StreetClass) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The class of a way from its tags, or nil for a way the map does not draw (a building,
    /// a boundary, a disused railway).
    /// - Parameter tags: the way's OpenStreetMap tags.
    public static func of(tags: [String: String]) -> StreetClass? {
        if let highway = tags["highway"] {
            let base = highway.hasSuffix("_link") ? String(highway.dropLast(5)) : highway
            switch base {
            case "motorway", "trunk", "primary": return .primary
            case "secondary": return .secondary
            case "tertiary": return .tertiary
            case "residential", "living_street", "service", "unclassified", "road": return .residential
            case "footway", "path", "pedestrian", "cycleway", "steps", "bridleway", "track": return .footway
            default: return nil
            }
        }
        if let railway = tags["railway"], ["rail", "tram", "light_rail", "subway", "narrow_gauge", "monorail"].contains(railway) { return .railway }
        if tags["waterway"] != nil || tags["natural"] == "water" || tags["natural"] == "coastline" || tags["landuse"] == "reservoir" || tags["landuse"] == "basin" { return .water }
        if ["park", "garden", "common"].contains(tags["leisure"] ?? "") || ["grass", "forest", "meadow", "village_green"].contains(tags["landuse"] ?? "") || tags["natural"] == "wood" { return .park }
        return nil
    }
}
