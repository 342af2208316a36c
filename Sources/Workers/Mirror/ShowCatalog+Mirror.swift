import Domain
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// What a catalogue made from the mirror reads a show's details from: the mirror's synopsis,
/// and the built-in snapshot's cast, seasons and episode lists for the shows it recorded.
final class MirrorLayer: Sendable {
    /// The mirror's file.
    let path: String
    /// The built-in snapshot (or nil when it cannot be read).
    let embedded: ShowCatalog?

    init(path: String, embedded: ShowCatalog?) {
        self.path = path
        self.embedded = embedded
    }

    /// A show's details: the mirror's record with its synopsis (read now), with what the
    /// built-in snapshot recorded of it (cast, seasons, whether its episodes are recorded).
    /// - Parameters:
    ///   - show: the catalogue's record of the show.
    ///   - source: the catalogue's source.
    func details(for show: TVShow, source: DataSource) -> TVShowDetails {
        let recorded = embedded.flatMap { catalog in catalog.shows.contains { $0.id == show.id } ? try? catalog.loadDetails(for: show) : nil }
        var summary = show.summary
        if summary.isEmpty, let html = (try? MirrorStore(path: path, writable: false).summaryHTML(of: show.id)) ?? nil {
            summary = HTMLText.paragraphs(from: html)
        }
        if summary.isEmpty, let recorded { summary = recorded.show.summary }
        var details = TVShowDetails(
            show: show.with(summary: summary), cast: recorded?.cast, seasons: recorded?.seasons, source: source,
            castSource: recorded?.castSource)
        details.episodesRecorded = recorded?.episodesRecorded ?? false
        return details
    }
}

extension ShowCatalog {
    /// The mirror's shows with the built-in snapshot's shows it lacks, in popularity order, when
    /// a whole mirror is kept at `path`; else nil (no mirror yet, or one still being made).
    /// - Parameters:
    ///   - path: the mirror's file.
    ///   - embedded: the built-in snapshot, or nil when it cannot be read.
    /// - Returns: the catalogue (source `.mirror`), or nil.
    /// - Throws: `MirrorStoreError` when a mirror is there but cannot be read.
    public static func mirrored(path: String, embedded: ShowCatalog?) throws -> ShowCatalog? {
        guard access(path, F_OK) == 0 else { return nil }
        let store = try MirrorStore(path: path, writable: false)
        guard let freshAt = try store.freshAt() else { return nil }
        let table = try store.table(adding: embedded?.shows ?? [])
        let mirrored = try store.count()
        let order = ShowRankOrder.rankOrder(of: table, keeping: Array(0..<table.count))
        return ShowCatalog(
            sorted: order.map { TVShow(row: $0, of: table) }, source: .mirror(savedAt: Int64(freshAt), shows: mirrored),
            mirror: MirrorLayer(path: path, embedded: embedded))
    }

    /// The first `size` shows of `mirrored(path:embedded:)`'s catalogue, in its order, read
    /// before the catalogue (a few hundred rows through the mirror's rank index, not 80,000),
    /// with its source; nil when there is no whole mirror or it cannot be read (the first page
    /// then waits for the catalogue).
    /// - Parameters:
    ///   - path: the mirror's file, or nil.
    ///   - embedded: the built-in snapshot, or nil.
    ///   - size: the page's size.
    public static func mirroredFirstPage(path: String?, embedded: ShowCatalog?, size: Int) -> (shows: [TVShow], source: DataSource)? {
        guard let path, access(path, F_OK) == 0, let store = try? MirrorStore(path: path, writable: false),
            let freshAt = try? store.freshAt(), let count = try? store.count(),
            let candidates = try? store.firstPageCandidates(size: size)
        else { return nil }
        // The snapshot's best shows the mirror lacks, up to a page of them, in its order.
        let ranked = embedded?.shows ?? []
        let held = (try? store.mirrored(ranked.map(\.id))) ?? []
        let others = ranked.lazy.filter { !held.contains($0.id) }.prefix(size)
        let shows = (candidates + others).sorted(by: TVShow.ranksAbove).prefix(size)
        return (Array(shows), .mirror(savedAt: Int64(freshAt), shows: count))
    }

    /// The catalogue every list and search reads: the mirror's (`mirrored(path:embedded:)`)
    /// when a whole one is kept at `path`, else the built-in snapshot. A mirror that cannot be
    /// read gives way to the snapshot.
    /// - Parameters:
    ///   - path: the mirror's file, or nil when there is no data folder.
    ///   - embedded: loads the built-in snapshot (default `ShowCatalog.embedded()`; the app
    ///     passes its one shared copy).
    /// - Throws: the built-in snapshot's `SourceError` when it alone is asked and cannot be read.
    public static func mirroredOrEmbedded(path: String?, embedded: () throws -> ShowCatalog = { try ShowCatalog.embedded() }) throws -> ShowCatalog {
        let snapshot = try? embedded()
        if let path, let mirrored = try? mirrored(path: path, embedded: snapshot) { return mirrored }
        return try snapshot ?? embedded()
    }
}
