/// What the places scenes need from a source of points of interest (a live API, the embedded
/// snapshot, a fallback of several).
///
/// Implementations are `Sendable` and safe to call from any task; each call may suspend on I/O
/// and honours task cancellation by throwing `CancellationError`.
public protocol PlacesWorking: Sendable {
    /// The places within a radius of a point, nearest first, one page at a time.
    /// - Parameters:
    ///   - center: the point to search around.
    ///   - radiusMeters: the search radius in metres (sources clamp it to what they support).
    ///   - category: the kind of place, or nil for every kind the source knows.
    ///   - page: the page number, from 0.
    /// - Returns: the page, each place with `distanceMeters` from `center`; `hasMore` is false
    ///   past the last page.
    /// - Throws: `SourceError` when the source cannot answer.
    func nearbyPlaces(near center: Coordinate, radiusMeters: Double, category: PlaceCategory?, page: Int) async throws -> PagedResult<POI>
}

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

/// What a city search found, and why a live source was given up if another answered.
public struct CitySearchAnswer: Sendable, Equatable {
    /// The cities found, best match first.
    public let cities: [City]
    /// The live source's failure when another source (the offline list) answered; else nil.
    public let fallbackReason: SourceError?

    /// Makes an answer.
    /// - Parameters:
    ///   - cities: the cities found.
    ///   - fallbackReason: the live source's failure, if another source answered.
    public init(cities: [City], fallbackReason: SourceError?) {
        self.cities = cities
        self.fallbackReason = fallbackReason
    }
}
