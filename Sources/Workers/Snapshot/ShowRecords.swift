import CSnapshotData
import Domain
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Where the JSON objects of a scanned catalogue's shows lie, to decode one when its details
/// are asked for.
struct ShowRecords: Sendable {
    /// The bytes the objects are in.
    enum Store: Sendable {
        /// The embedded compact file.
        case embedded(EmbeddedBytes)
        /// A snapshot file, read again at each request.
        case file(path: String)
    }

    let store: Store
    /// Byte ranges, in the catalogue's order.
    let ranges: [Range<Int>]

    /// Decodes the object of the show at a position of the catalogue.
    /// - Throws: `SourceError` when it cannot be read or no longer holds the show `id`.
    func show(at position: Int, id: Int) throws -> TVmazeDTO.Show {
        let range = ranges[position]
        let data: Data
        switch store {
        case .embedded(let bytes):
            data = Data(bytes.buffer[range])
        case .file(let path):
            data = try Self.read(range, of: path)
        }
        let dto: TVmazeDTO.Show
        do {
            dto = try JSONText.decode(TVmazeDTO.Show.self, from: data)
        } catch {
            throw changed()
        }
        guard dto.id == id else { throw changed() }
        return dto
    }

    private func changed() -> SourceError {
        switch store {
        case .embedded: return .badData(provider: ShowCatalog.embeddedProvider, reason: "embedded file \(ShowCatalog.compactFileName) unreadable")
        case .file(let path): return .file(path: path, reason: "changed since it was read")
        }
    }

    private static func read(_ range: Range<Int>, of path: String) throws -> Data {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw SourceError.file(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var data = Data(count: range.count)
        let n = data.withUnsafeMutableBytes { b -> Int in
            var done = 0
            while done < range.count {
                let r = pread(fd, b.baseAddress! + done, range.count - done, off_t(range.lowerBound + done))
                if r < 0 && errno == EINTR { continue }
                if r <= 0 { break }
                done += r
            }
            return done
        }
        guard n == range.count else { throw SourceError.file(path: path, reason: "changed since it was read") }
        return data
    }
}
