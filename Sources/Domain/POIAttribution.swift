/// The credit line the places screen must show under data from a source, as the data's
/// licences ask: OpenStreetMap's ODbL attribution (https://www.openstreetmap.org/copyright),
/// Geoapify's "Powered by Geoapify" (https://www.geoapify.com/terms-and-conditions/) and
/// GeoNames' CC BY 4.0 credit (https://www.geonames.org/about.html).
public enum POIAttribution {
    /// The credit line for places (or cities) from a source.
    /// - Parameter source: where the data came from.
    /// - Returns: for example `"Powered by Geoapify · © OpenStreetMap contributors"`; a
    ///   snapshot file, Overpass and Nominatim give `"© OpenStreetMap contributors"`.
    public static func line(for source: DataSource) -> String {
        let provider: String
        switch source {
        case .live(let p), .cache(let p, _): provider = p
        case .embeddedSnapshot(let p, _): provider = p
        case .snapshotFile: return "© OpenStreetMap contributors"
        }
        switch provider {
        case ProviderName.geoapify: return "Powered by Geoapify · © OpenStreetMap contributors"
        case ProviderName.geoNames: return "GeoNames (geonames.org), CC BY 4.0"
        default: return "© OpenStreetMap contributors"
        }
    }
}
