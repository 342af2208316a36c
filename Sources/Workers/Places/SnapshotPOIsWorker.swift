import CSnapshotData
import Domain
import FoundationEssentials

/// Serves places from the embedded `POICatalog`, loaded on first use.
///
/// Pages are `pageSize` places, nearest first, cut by offset from all places within the radius.
public actor SnapshotPOIsWorker: POIsWorking {
    /// Places per page.
    public let pageSize: Int
    private let loader: @Sendable () throws -> POICatalog
    private var catalog: POICatalog?

    /// Makes a worker over a catalogue loaded on first use.
    /// - Parameters:
    ///   - pageSize: places per page (at least 1; default 20).
    ///   - loader: loads the catalogue (default: the embedded snapshot); its error is thrown by
    ///     the first request.
    public init(pageSize: Int = 20, loader: @escaping @Sendable () throws -> POICatalog = { try POICatalog.embedded() }) {
        self.pageSize = max(1, pageSize)
        self.loader = loader
    }

    /// The catalogue, loading it on first use.
    /// - Throws: the loader's error.
    public func loadedCatalog() throws -> POICatalog {
        if let catalog { return catalog }
        let loaded = try loader()
        catalog = loaded
        return loaded
    }

    /// The areas the snapshot covers (Istanbul, Lake District, Paris); the places screen opens
    /// on the first one's centre when no location is given.
    /// - Throws: the loader's error.
    public func areas() throws -> [POIArea] {
        try loadedCatalog().areas
    }

    /// One page of the recorded places within the radius, nearest first; see
    /// `POIsWorking.nearbyPOIs(near:radiusMeters:category:page:)`. The page's source is
    /// the places' own when they share one, else the catalogue's.
    public func nearbyPOIs(near center: Coordinate, radiusMeters: Double, category: POICategory?, page: Int) async throws -> PagedResult<POI> {
        let catalog = try loadedCatalog()
        let all = catalog.places(near: center, radiusMeters: radiusMeters, category: category)
        let start = min(max(0, page) * pageSize, all.count)
        let end = min(start + pageSize, all.count)
        let items = Array(all[start..<end])
        let sources = Set(items.map(\.source))
        let source = sources.count == 1 ? (sources.first ?? catalog.source) : catalog.source
        return PagedResult(items: items, page: page, hasMore: end < all.count, source: source)
    }
}
