import Domain
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Favourites and watched marks kept in one file in the export's JSON form
/// (`DiscoverHistoryFormat.json`), replaced whole by an atomic rename on each change: what
/// `import` wrote before the app's own stores (`StoreHistory`), which now import such a file
/// once (`StoreHistory.adoptOlderFile`). A missing file is an empty history.
public struct HistoryFile: HistoryImporting {
    /// The file's name in the app's data folder.
    public static let fileName = "history.json"

    /// The file's path.
    public let path: String

    /// Makes a store of the file at `path` (made when first written).
    /// - Parameter path: an absolute path; its folder must exist.
    public init(path: String) {
        self.path = path
    }

    /// Reads the file.
    /// - Throws: `ImportError` naming the file when it cannot be read or is not a history.
    public func storedHistory() throws -> WatchHistory {
        guard FileManager.default.fileExists(atPath: path) else { return WatchHistory() }
        let batch = try DiscoverHistoryFormat.read(try ImportFormat.contents(of: path), file: path)
        var history = WatchHistory()
        for record in batch.records {
            switch record.kind {
            case .favourite:
                history.favourites.append(HistoryFavourite(show: record.show, name: record.showName, rating: record.rating, addedAt: record.at ?? 0))
            case .watched:
                guard let season = record.season, let number = record.number else { continue }
                history.marks.append(
                    HistoryMark(
                        show: record.show, showName: record.showName, season: season, number: number, episode: record.episode, markedAt: record.at ?? 0,
                        plays: record.plays ?? 1, lastPlayedAt: record.lastPlayedAt, rating: record.rating, ratedAt: record.ratedAt))
            case .rated:
                guard let season = record.season, let number = record.number, let rating = record.rating else { continue }
                history.rated.append(
                    HistoryRating(
                        show: record.show, showName: record.showName, season: season, number: number, episode: record.episode, rating: rating,
                        ratedAt: record.ratedAt ?? 0))
            case .show:
                history.shows.append(
                    HistoryShow(
                        show: record.show, name: record.showName, rating: record.rating, ratedAt: record.ratedAt, settings: record.settings ?? .standard))
            }
        }
        return history
    }

    /// Adds the favourites, marks, shows and ratings not yet present and replaces the file with one rename: all
    /// or nothing.
    /// - Throws: `ImportError` naming the file when it cannot be read or written.
    public func add(_ additions: WatchHistory) throws {
        var history = try storedHistory()
        let favouriteKeys = Set(history.favourites.compactMap(\.show.identity))
        let markKeys = Set(history.marks.compactMap(\.key))
        history.favourites += additions.favourites.filter { $0.show.identity.map { !favouriteKeys.contains($0) } ?? false }
        history.marks += additions.marks.filter { $0.key.map { !markKeys.contains($0) } ?? false }
        let showKeys = Set(history.shows.compactMap(\.show.identity))
        let ratedKeys = Set(history.rated.compactMap(\.key))
        history.shows += additions.shows.filter { $0.show.identity.map { !showKeys.contains($0) } ?? false }
        history.rated += additions.rated.filter { $0.key.map { !ratedKeys.contains($0) } ?? false }
        do {
            try DiscoverHistoryFormat.json(history).write(to: URL(fileURLWithPath: path), options: .atomic)
            // Only its owner reads a person's history, as with the favourites file.
            _ = chmod(path, 0o600)
        } catch {
            throw ImportError(file: path, reason: "cannot write it; nothing was imported")
        }
    }
}
