import Domain
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The export formats `discover-tui import` reads, by the name given on the command line.
public enum ImportFormat: String, Sendable, CaseIterable {
    /// Trakt's JSON (`TraktReader`).
    case trakt
    /// TV Time's GDPR export: its zip or its CSVs (`TVTimeReader`).
    case tvtime
    /// IMDb's ratings and list CSVs (`IMDbReader`).
    case imdb
    /// Netflix's viewing history (`NetflixReader`).
    case netflix
    /// Yamtrack's CSV export (`YamtrackReader`).
    case yamtrack
    /// SeriesGuide's JSON backup (`SeriesGuideReader`).
    case seriesguide
    /// discover-tui's own export (`DiscoverHistoryFormat`).
    case discover

    /// Reads files of this format, all of them before anything is matched or written.
    /// - Parameter paths: the files' paths.
    /// - Returns: their records and skipped counts, in order.
    /// - Throws: `ImportError` for the first file that cannot be read or holds a bad row.
    public func read(_ paths: [String]) throws -> ImportBatch {
        var batch = ImportBatch()
        for part in try readParts(paths) { batch.append(part) }
        return batch
    }

    /// Reads the files as `read` does, the records in parts (discover-tui's CSV export in parts
    /// of at most `ImportRows.partSize`, every other file in one), so that matching can let
    /// each part go once done.
    /// - Parameter paths: the files, in the order given.
    /// - Returns: the rows read.
    /// - Throws: `ImportError`, as `read`.
    public func rows(_ paths: [String]) throws -> ImportRows {
        ImportRows(try readParts(paths))
    }

    private func readParts(_ paths: [String]) throws -> [ImportBatch] {
        var parts: [ImportBatch] = []
        var batch = ImportBatch()
        if self == .tvtime {
            // Read together: a rewatch in one file is a play of an episode seen in another.
            return [try TVTimeReader.read(try paths.map { (try Self.contents(of: $0), $0) })]
        }
        for path in paths {
            let data = try Self.contents(of: path)
            switch self {
            case .trakt: batch.append(try TraktReader.read(data, file: path))
            case .tvtime: batch.append(try TVTimeReader.read(data, file: path))
            case .imdb: batch.append(try IMDbReader.read(data, file: path))
            case .netflix: batch.append(try NetflixReader.read(data, file: path))
            case .yamtrack: batch.append(try YamtrackReader.read(data, file: path))
            case .seriesguide: batch.append(try SeriesGuideReader.read(data, file: path))
            case .discover: parts += try DiscoverHistoryFormat.readParts(data, file: path)
            }
        }
        return batch.records.isEmpty && batch.skipped.isEmpty ? parts : [batch] + parts
    }

    /// A file's bytes.
    /// - Throws: `ImportError` naming the file and the system's reason.
    static func contents(of path: String) throws -> Data {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw ImportError(file: path, reason: "cannot read it: \(String(cString: strerror(errno)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw ImportError(file: path, reason: "not a file") }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ImportError(file: path, reason: "cannot read it")
        }
    }
}
