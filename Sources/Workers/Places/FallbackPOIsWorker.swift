import Domain
import FoundationEssentials

/// Live places first, another source when the live one cannot answer: the `auto` places source.
///
/// A search starts at page 0. When the primary source fails on a page 0, this search and every
/// later one go to the fallback, and the pages say so through their `source`; `retryPrimary()`
/// goes back to the primary. Once a search is served by the primary, a later page's failure is
/// reported as an error rather than mixing sources in one list.
public actor FallbackPOIsWorker: POIsWorking {
    private let primary: any POIsWorking
    private let fallback: any POIsWorking
    private var useFallback = false
    /// Why the primary source was given up, for the status bar; nil while it is in use.
    public private(set) var fallbackReason: SourceError?

    /// Makes a worker.
    /// - Parameters:
    ///   - primary: the preferred source.
    ///   - fallback: the source used once the preferred one failed.
    public init(primary: any POIsWorking, fallback: any POIsWorking) {
        self.primary = primary
        self.fallback = fallback
    }

    /// A page from the primary source, or from the fallback once the primary failed on a page 0.
    public func nearbyPOIs(near center: Coordinate, radiusMeters: Double, category: POICategory?, page: Int) async throws -> PagedResult<POI> {
        if useFallback {
            return try await fallback.nearbyPOIs(near: center, radiusMeters: radiusMeters, category: category, page: page)
        }
        do {
            return try await primary.nearbyPOIs(near: center, radiusMeters: radiusMeters, category: category, page: page)
        } catch let error as SourceError where page == 0 {
            useFallback = true
            fallbackReason = error
            return try await fallback.nearbyPOIs(near: center, radiusMeters: radiusMeters, category: category, page: page)
        }
    }

    /// Uses the primary source again from the next search (after the person asks to retry).
    public func retryPrimary() {
        useFallback = false
        fallbackReason = nil
    }
}
