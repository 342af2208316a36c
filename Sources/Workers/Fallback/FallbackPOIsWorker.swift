import Domain
import FoundationEssentials

/// Live places first, another source when the live one cannot answer: the `auto` places source.
///
/// Every search goes through a `FallbackSwitch`: when the primary source fails on a page 0,
/// this search and every later one go to the fallback, and the pages say so through their
/// `source`; `retryPrimary()` goes back to the primary. Once a search is served by the primary,
/// a later page's failure is reported as an error rather than mixing sources in one list.
public struct FallbackPOIsWorker: POIsWorking, FallbackDecorator {
    /// The live source, the one behind it and the switch on the live one.
    public let pair: FallbackPair<any POIsWorking>

    /// Makes the decorator over a pair (`init(primary:fallback:fallbackSwitch:)` makes the pair).
    /// - Parameter pair: the sources and the switch.
    public init(pair: FallbackPair<any POIsWorking>) {
        self.pair = pair
    }

    /// A page from the primary source, or from the fallback once the switch gave way.
    public func nearbyPOIs(near center: Coordinate, radiusMeters: Double, category: POICategory?, page: Int) async throws -> PagedResult<POI> {
        try await pair.ask(.places, page: page) {
            try await $0.nearbyPOIs(near: center, radiusMeters: radiusMeters, category: category, page: page)
        }
    }

    /// Uses the primary source again from the next search (after the person asks to retry).
    public func retryPrimary() async {
        await pair.fallbackSwitch.retry()
    }
}
