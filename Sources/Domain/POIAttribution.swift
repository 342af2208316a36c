/// The credit line the places screen must show under data from a source, as the data's
/// licences ask: the source's provider's own credit (`ProviderName.credit`): OpenStreetMap's
/// ODbL attribution (https://www.openstreetmap.org/copyright), Geoapify's "Powered by
/// Geoapify" (https://www.geoapify.com/terms-and-conditions/), GeoNames' CC BY 4.0 credit
/// (https://www.geonames.org/about.html).
public enum POIAttribution {
    /// The credit line for places (or cities) from a source.
    /// - Parameter source: where the data came from.
    /// - Returns: for example `"Powered by Geoapify · © OpenStreetMap contributors"`; a
    ///   snapshot file of places holds OpenStreetMap's data.
    public static func line(for source: DataSource) -> String {
        switch source {
        case .live(let provider), .cache(let provider, _), .embeddedSnapshot(let provider, _): return provider.credit
        case .snapshotFile: return ProviderName.openStreetMap.credit
        case .mirror: return ProviderName.tvmaze.credit
        }
    }
}
