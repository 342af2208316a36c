/// What the places scenes need from a source of points of interest (a live API, the embedded
/// snapshot, a fallback of several).
///
/// Implementations are `Sendable` and safe to call from any task; each call may suspend on I/O
/// and honours task cancellation by throwing `CancellationError`.
public protocol POIsWorking: Sendable {
    /// The places within a radius of a point, nearest first, one page at a time.
    /// - Parameters:
    ///   - center: the point to search around.
    ///   - radiusMeters: the search radius in metres (sources clamp it to what they support).
    ///   - category: the kind of place, or nil for every kind the source knows.
    ///   - page: the page number, from 0.
    /// - Returns: the page, each place with `distanceMeters` from `center`; `hasMore` is false
    ///   past the last page.
    /// - Throws: `SourceError` when the source cannot answer.
    func nearbyPOIs(near center: Coordinate, radiusMeters: Double, category: POICategory?, page: Int) async throws -> PagedResult<POI>
}
