import Domain
import FoundationEssentials

/// Offline city search over the embedded GeoNames table (`CityIndex.embedded()`), or over any
/// `CityIndex`: prefix match ignoring case and diacritics, most populous first.
public struct CitySearch: CitySearching {
    private let loader: @Sendable () throws -> CityIndex

    /// Makes a search over the embedded table, which is read on the first search.
    public init() {
        loader = { try CityIndex.embedded() }
    }

    /// Makes a search over a table already in memory.
    /// - Parameter index: the table.
    public init(index: CityIndex) {
        loader = { index }
    }

    /// The cities whose name starts with the text; see `CitySearching.searchCities(matching:limit:)`
    /// and `CityIndex.cities(matching:limit:)`.
    /// - Throws: `SourceError.badData` when the embedded table cannot be read (a build fault).
    public func searchCities(matching text: String, limit: Int) async throws -> [City] {
        try loader().cities(matching: text, limit: max(1, limit))
    }
}
