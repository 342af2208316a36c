/// Finds towns and cities by name, for the location prompt.
///
/// Implementations are `Sendable`; each call may suspend and honours task cancellation.
public protocol CitySearching: Sendable {
    /// The cities whose name matches the text, best match first.
    /// - Parameters:
    ///   - text: what the person typed, for example `"sao paulo"`; blank text gives no result.
    ///   - limit: the most results wanted (at least 1).
    /// - Returns: up to `limit` cities.
    /// - Throws: `SourceError` when the source cannot answer.
    func searchCities(matching text: String, limit: Int) async throws -> [City]

    /// The cities whose name matches the text, with the failure of a live source when another
    /// source answered in its place (the person is told both: what failed, and what is shown).
    /// The default asks `searchCities(matching:limit:)` and reports no failure.
    /// - Parameters:
    ///   - text: what the person typed.
    ///   - limit: the most results wanted (at least 1).
    /// - Returns: the cities and the live source's failure, if one was given up.
    /// - Throws: `SourceError` when no source can answer.
    func searchCitiesReportingFallback(matching text: String, limit: Int) async throws -> CitySearchAnswer
}

extension CitySearching {
    public func searchCitiesReportingFallback(matching text: String, limit: Int) async throws -> CitySearchAnswer {
        CitySearchAnswer(cities: try await searchCities(matching: text, limit: limit), fallbackReason: nil)
    }
}
