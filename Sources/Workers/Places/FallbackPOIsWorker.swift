import Domain
import FoundationEssentials

/// Live places first, another source when the live one cannot answer: the `auto` places source.
///
/// Every search goes through a `FallbackSwitch`: when the primary source fails on a page 0,
/// this search and every later one go to the fallback, and the pages say so through their
/// `source`; `retryPrimary()` goes back to the primary. Once a search is served by the primary,
/// a later page's failure is reported as an error rather than mixing sources in one list.
public struct FallbackPOIsWorker: POIsWorking {
    private let primary: any POIsWorking
    private let fallback: any POIsWorking
    /// The switch on the primary source.
    public let fallbackSwitch: FallbackSwitch

    /// Makes a worker.
    /// - Parameters:
    ///   - primary: the preferred source.
    ///   - fallback: the source used once the preferred one failed.
    ///   - fallbackSwitch: the switch on the preferred source; a new one when nil.
    public init(primary: any POIsWorking, fallback: any POIsWorking, fallbackSwitch: FallbackSwitch? = nil) {
        self.primary = primary
        self.fallback = fallback
        self.fallbackSwitch = fallbackSwitch ?? FallbackSwitch(provider: .unnamed("live source"))
    }

    /// Why the primary source was given up, for the status bar; nil while it is in use.
    public var fallbackReason: SourceError? {
        get async { await fallbackSwitch.reason }
    }

    /// A page from the primary source, or from the fallback once the switch gave way.
    public func nearbyPOIs(near center: Coordinate, radiusMeters: Double, category: POICategory?, page: Int) async throws -> PagedResult<POI> {
        let primary = self.primary, fallback = self.fallback
        return try await fallbackSwitch.route(.places, page: page, live: {
            try await primary.nearbyPOIs(near: center, radiusMeters: radiusMeters, category: category, page: page)
        }, recorded: {
            try await fallback.nearbyPOIs(near: center, radiusMeters: radiusMeters, category: category, page: page)
        })
    }

    /// Uses the primary source again from the next search (after the person asks to retry).
    public func retryPrimary() async {
        await fallbackSwitch.retry()
    }
}
