/// Which places source to use (`--source` after the `places` command).
enum POIsSourceChoice: String, Sendable, CaseIterable {
    /// Geoapify with a key, else OpenStreetMap (Overpass), else the embedded snapshot.
    case auto
    /// Geoapify only (needs a Geoapify API key).
    case geoapify
    /// OpenStreetMap's Overpass API only.
    case osm
    /// The embedded snapshot only (no network).
    case snapshot
}
