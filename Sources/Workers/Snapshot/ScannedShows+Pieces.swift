import Dispatch
import Domain
import FoundationEssentials
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A snapshot file scanned in pieces at once, two a processor: each piece starts where the
/// array's next element seems to start (a `}`, a `,` and a `{`, spaces between), and is kept only
/// when the piece before it, read from the file's start, ends exactly there; from a guess that
/// was wrong (the bytes inside an element's nested array) the file is read on in one piece from
/// where the last kept piece ended. The shows are the same, in the same order, as one piece read
/// from the start gives.
extension ScannedShows {
    /// The smallest file read in more than one piece, in bytes (below it, starting threads costs
    /// more than it saves).
    static let piecedFileSize = 8 << 20

    /// The most pieces a file is read in, whatever the processors (each holds `readSize` bytes).
    static let mostPieces = 8

    /// How many pieces a file is read in with `processors` processors: two each (a processor
    /// that is through with its first piece takes the next, so that one slower processor, or
    /// one piece slower to read, does not keep the other waiting), at most `mostPieces`; one
    /// with a single processor.
    static func pieces(processors: Int) -> Int {
        processors > 1 ? min(2 * processors, mostPieces) : 1
    }

    /// How far past a piece's planned start its first element is looked for, in bytes.
    static let boundarySearch = 1 << 20

    /// Scans a file, in pieces (`pieces(processors:)`) on as many processors as there are when
    /// it is larger than `piecedFileSize`.
    /// - Parameter path: the file's path.
    /// - Returns: the shows, in the file's order.
    /// - Throws: `ShowArrayScanner.Failure.unsure` when the file cannot be read or is not one the
    ///   scanner reads exactly like `JSONDecoder`.
    static func scanFile(path: String) throws -> ScannedShows {
        try scanFile(path: path, pieces: pieces(processors: ProcessInfo.processInfo.activeProcessorCount))
    }

    /// `scanFile(path:)` in at most `pieces` pieces (1: from start to end on this thread).
    static func scanFile(path: String, pieces: Int, minimumSize: Int = piecedFileSize) throws -> ScannedShows {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ShowArrayScanner.Failure.unsure }
        defer { close(fd) }
        var info = stat()
        let size = fstat(fd, &info) == 0 ? Int(info.st_size) : 0
        let starts = pieces > 1 && size >= minimumSize ? pieceStarts(fd: fd, size: size, pieces: pieces) : []
        if starts.isEmpty { return try scanRegion(fd: fd, from: 0, until: nil, fileSize: size).shows }

        let bounds = [0] + starts
        let regions = Mutex<[Result<Region, ShowArrayScanner.Failure>?]>(Array(repeating: nil, count: bounds.count))
        DispatchQueue.concurrentPerform(iterations: bounds.count) { k in
            let limit = k + 1 < bounds.count ? bounds[k + 1] : nil
            // The first piece's builder makes room for the whole file's shows: the others'
            // are added to it.
            let region = Result { () throws(ShowArrayScanner.Failure) -> Region in
                do {
                    return try scanRegion(fd: fd, from: bounds[k], until: limit, fileSize: size, roomUntil: k == 0 ? size : limit)
                } catch let failure as ShowArrayScanner.Failure {
                    throw failure
                } catch {
                    throw .unsure
                }
            }
            regions.withLock { $0[k] = region }
        }
        var read = regions.withLock { all in all.map { $0 ?? .failure(.unsure) } }
        var whole = try read[0].get()
        for k in 1..<bounds.count {
            if whole.ended { break }
            // A piece is the file's next when the one before ends where it starts; else the
            // file is read on from there.
            guard whole.end == bounds[k], case .success(let next) = read[k], whole.shows.append(contentsOf: next.shows) else {
                let rest = try scanRegion(fd: fd, from: whole.end, until: nil, fileSize: size)
                guard whole.shows.append(contentsOf: rest.shows) else { return try scanRegion(fd: fd, from: 0, until: nil, fileSize: size).shows }
                return whole.shows
            }
            read[k] = .failure(.unsure) // the piece's columns are now the whole's
            whole.end = next.end
            whole.ended = next.ended
        }
        return whole.shows
    }

    /// Where pieces after the first may start: per piece, the offset just past the first `}`
    /// followed by a `,` and a `{` (white space between) from its share of the file on, rising;
    /// a piece with none within `boundarySearch` bytes is left out.
    static func pieceStarts(fd: Int32, size: Int, pieces: Int) -> [Int] {
        var starts: [Int] = []
        var window = [UInt8](repeating: 0, count: boundarySearch)
        for k in 1..<pieces {
            let planned = max(size / pieces * k, (starts.last ?? 0) + 1)
            let n = window.withUnsafeMutableBytes { b in pread(fd, b.baseAddress!, b.count, off_t(planned)) }
            guard n > 0 else { break }
            if let found = elementBoundary(in: UnsafeRawBufferPointer(rebasing: window.withUnsafeBytes { $0 }[0..<n])) {
                starts.append(planned + found)
            }
        }
        return starts
    }

    /// The offset just past the first `}` followed by white space, a `,`, white space and a `{`
    /// in `bytes`, nil when there is none.
    static func elementBoundary(in bytes: UnsafeRawBufferPointer) -> Int? {
        func space(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "}") else {
                i += 1
                continue
            }
            var j = i + 1
            while j < bytes.count, space(bytes[j]) { j += 1 }
            if j < bytes.count, bytes[j] == UInt8(ascii: ",") {
                j += 1
                while j < bytes.count, space(bytes[j]) { j += 1 }
                if j < bytes.count, bytes[j] == UInt8(ascii: "{") { return i + 1 }
            }
            i += 1
        }
        return nil
    }

    /// Adds the shows of the file's next piece after these.
    /// - Parameter next: the shows read just after these.
    /// - Returns: false, with these as they were, when the two cannot be one table (text beyond
    ///   the columns' 4 GiB).
    mutating func append(contentsOf next: consuming ScannedShows) -> Bool {
        guard table.append(contentsOf: next.table) else { return false }
        records += next.records
        if let updated = next.newestUpdate, updated > newestUpdate ?? Int.min { newestUpdate = updated }
        return true
    }
}
