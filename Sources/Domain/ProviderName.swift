/// The data providers' names, as the screen shows them and as `DataSource` and `SourceError`
/// carry them (`DataSource.live(provider: ProviderName.tmdb)`).
public enum ProviderName {
    /// TVmaze (https://www.tvmaze.com/api): shows, no key.
    public static let tvmaze = "TVmaze"
    /// The Movie Database (https://developer.themoviedb.org): shows, with a key.
    public static let tmdb = "TMDB"
    /// Geoapify (https://apidocs.geoapify.com): places and city search, with a key.
    public static let geoapify = "Geoapify"
    /// OpenStreetMap's Overpass API (https://wiki.openstreetmap.org/wiki/Overpass_API): places, no key.
    public static let overpass = "Overpass"
    /// OpenStreetMap's Nominatim (https://nominatim.org): city search, no key.
    public static let nominatim = "Nominatim"
    /// GeoNames (https://www.geonames.org): the embedded city table.
    public static let geoNames = "GeoNames"
}
