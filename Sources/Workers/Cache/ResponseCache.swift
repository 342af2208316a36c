import FoundationEssentials
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Response bodies kept on disk with the time they were stored, so a list or a show's details
/// can be shown at once (and offline) while a fresh copy is fetched.
///
/// Layout (see DECISIONS.md, "Response cache"): one file per request in
/// `$XDG_CACHE_HOME/discover-tui/responses/` named `<16 hex digits>.entry`, the FNV-1a 64-bit hash
/// (http://www.isthe.com/chongo/tech/comp/fnv/) of the request URL with its credentials removed
/// (`canonicalKey(for:)`). Each file is a short text header, a blank line and the body bytes:
///
///     discover-cache 1
///     saved-at: 1764426000
///     url: https://api.tvmaze.com/shows?page=0
///     length: 123456
///
///     <123456 body bytes>
///
/// `saved-at` is Unix time in whole seconds. The URL in the header is compared on reading, so
/// two URLs with the same hash only cost a miss. Files are written to a temporary file in the
/// same folder and renamed into place (rename(2) is atomic within a file system), so a reader
/// never sees half an entry. A file's modification time records its last use; beyond
/// `capacityBytes` the least recently used entries are removed (the folder is listed on the first
/// write and again whenever the entries written since may have passed the cap).
///
/// Nothing here is fatal: an entry that cannot be read or parsed (empty, garbage, cut short, a
/// folder in its place) is removed and counts as a miss, and a failed write is dropped.
/// Safe to use from any thread and from several processes at once.
public final class ResponseCache: Sendable {
    /// A kept body and when it was stored.
    public struct Entry: Sendable, Equatable {
        /// The body bytes as received.
        public let body: Data
        /// When the body was stored, in whole seconds since 1970-01-01 00:00 UTC.
        public let savedAt: Int64
    }

    /// The default size cap: 50 MiB of entry files.
    public static let defaultCapacityBytes = 50 * 1024 * 1024
    /// The folder's name inside the app's cache folder.
    public static let folderName = "responses"
    /// The first line of every entry file (format version 1).
    static let magic = "discover-cache 1"
    /// Query item names (lower-cased) that carry credentials and are never written to disk:
    /// any name containing one of these words.
    static let credentialWords = ["key", "token", "secret", "password", "auth", "signature"]

    /// The folder holding the entries.
    public let directory: String
    /// The most bytes the entry files may take together.
    public let capacityBytes: Int
    private let now: @Sendable () -> Int64
    /// Serialises writes and eviction within this process: a counter for temporary names and the
    /// folder's size as last counted plus what was written since (nil before the first count),
    /// so that the folder is listed again only when the cap may have been passed.
    private let writes = Mutex<(counter: Int, estimatedBytes: Int?)>((0, nil))

    /// Opens (making when missing) a cache folder.
    /// - Parameters:
    ///   - directory: an absolute path; made with mode 0700 (and its parents) when missing, and
    ///     replaced when a file stands in its place.
    ///   - capacityBytes: the size cap in bytes (default 50 MiB).
    ///   - now: the clock, in Unix seconds (tests move it).
    /// - Throws: `StorageError` when the folder cannot be made or is not writable.
    public init(
        directory: String, capacityBytes: Int = ResponseCache.defaultCapacityBytes,
        now: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970) }
    ) throws {
        self.directory = directory
        self.capacityBytes = max(0, capacityBytes)
        self.now = now
        var info = stat()
        if stat(directory, &info) == 0 && (info.st_mode & S_IFMT) != S_IFDIR {
            // Our own folder's name taken by a plain file: it holds nothing of value.
            var own = stat()
            guard lstat(directory, &own) == 0, (own.st_mode & S_IFMT) == S_IFREG, unlink(directory) == 0 else {
                throw StorageError(path: directory, reason: "not a folder")
            }
        }
        try XDGDirectories.makeDirectory(directory)
        if access(directory, W_OK | X_OK) != 0 { throw StorageError.fromErrno(path: directory) }
    }

    /// The cache under the app's cache folder (`$XDG_CACHE_HOME/discover-tui/responses`), or why
    /// there is none.
    /// - Parameter environment: the environment (`XDG_CACHE_HOME`, `HOME`).
    /// - Returns: the cache, or a one-line notice such as
    ///   `no response cache: cannot write /home/ana/.cache/discover-tui: read-only file system`.
    public static func open(environment: [String: String]) -> Result<ResponseCache, CacheUnavailable> {
        do {
            let base = try XDGDirectories(environment: environment).ensure(.cache)
            return .success(try ResponseCache(directory: FilePaths.join(base, folderName)))
        } catch let error as StorageError {
            return .failure(CacheUnavailable(reason: error))
        } catch {
            return .failure(CacheUnavailable(reason: StorageError(path: "$XDG_CACHE_HOME", reason: "unusable")))
        }
    }

    // MARK: Keys

    /// The URL as kept on disk: without user name, password, or any query item whose name
    /// contains a credential word (`api_key`, `apiKey`, `token`, …), and without a fragment.
    /// - Parameter url: the request URL.
    /// - Returns: the key, for example `https://api.tvmaze.com/shows?page=0`.
    public static func canonicalKey(for url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return "unparsable:" + String(fnv1a64(url.absoluteString), radix: 16)
        }
        components.user = nil
        components.password = nil
        components.fragment = nil
        if let items = components.percentEncodedQueryItems {
            let kept = items.filter { item in
                let name = item.name.lowercased()
                return !credentialWords.contains { name.contains($0) }
            }
            components.percentEncodedQueryItems = kept.isEmpty ? nil : kept
        }
        return components.string ?? "unparsable:" + String(fnv1a64(url.absoluteString), radix: 16)
    }

    /// The entry's file name for a URL: 16 lower-case hex digits of the FNV-1a 64-bit hash of
    /// `canonicalKey(for:)`, then `.entry`.
    /// - Parameter url: the request URL.
    /// - Returns: for example `"a1b2c3d4e5f60718.entry"`.
    public static func fileName(for url: URL) -> String {
        let hex = String(fnv1a64(canonicalKey(for: url)), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + ".entry"
    }

    /// FNV-1a, 64-bit (offset basis 14695981039346656037, prime 1099511628211).
    static func fnv1a64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    private func path(for url: URL) -> String {
        FilePaths.join(directory, Self.fileName(for: url))
    }

    // MARK: Reading

    /// The kept body for a URL, if a readable one exists; marks it as recently used.
    /// An unreadable or malformed entry is removed.
    /// - Parameter url: the request URL (credentials in it are ignored).
    /// - Returns: the entry, or nil on a miss.
    public func entry(for url: URL) -> Entry? {
        let file = path(for: url)
        var info = stat()
        guard lstat(file, &info) == 0 else { return nil }
        // Larger than the cap: not one of ours (the cap bounds every write), so not read at all.
        guard (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) <= capacityBytes,
            let data = FileManager.default.contents(atPath: file),
            let entry = Self.parse(data)
        else {
            discard(file)
            return nil
        }
        if entry.url != Self.canonicalKey(for: url) { return nil } // another URL with the same hash
        utimensat(AT_FDCWD, file, nil, 0) // last use = now, for eviction
        return Entry(body: entry.body, savedAt: entry.savedAt)
    }

    /// Parses an entry file.
    /// - Returns: nil when the file is not a complete version-1 entry.
    static func parse(_ data: Data) -> (url: String, savedAt: Int64, body: Data)? {
        let separator = Data("\n\n".utf8)
        guard let range = data[data.startIndex..<min(data.endIndex, data.startIndex + 16_384)].firstRange(of: separator),
            let header = String(data: data[data.startIndex..<range.lowerBound], encoding: .utf8)
        else { return nil }
        let lines = header.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 4, lines[0] == magic else { return nil }
        func field(_ line: Substring, _ name: String) -> String? {
            line.hasPrefix(name + ": ") ? String(line.dropFirst(name.count + 2)) : nil
        }
        guard let savedText = field(lines[1], "saved-at"), let savedAt = Int64(savedText),
            let url = field(lines[2], "url"),
            let lengthText = field(lines[3], "length"), let length = Int(lengthText)
        else { return nil }
        let body = data[range.upperBound...]
        guard body.count == length else { return nil }
        return (url, savedAt, Data(body))
    }

    // MARK: Writing

    /// Keeps a body for a URL, replacing any earlier one, then trims the folder to the cap.
    /// A body larger than the cap is not kept. Failures (full disk, read-only folder) are
    /// dropped: the cache is only ever an aid.
    /// - Parameters:
    ///   - body: the body bytes.
    ///   - url: the request URL (credentials are removed before anything is written).
    /// - Returns: true when the entry was written.
    @discardableResult
    public func store(_ body: Data, for url: URL) -> Bool {
        let key = Self.canonicalKey(for: url)
        guard !key.contains("\n") else { return false }
        var file = Data("\(Self.magic)\nsaved-at: \(now())\nurl: \(key)\nlength: \(body.count)\n\n".utf8)
        file.append(body)
        guard file.count <= capacityBytes else { return false }
        let target = path(for: url)
        return writes.withLock { state in
            state.counter += 1
            let temporary = FilePaths.join(directory, ".tmp-\(getpid())-\(state.counter)-" + Self.fileName(for: url))
            guard Self.write(file, to: temporary) else {
                unlink(temporary)
                return false
            }
            var info = stat()
            if lstat(target, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
                discard(target) // a folder where the entry belongs
            }
            guard rename(temporary, target) == 0 else {
                unlink(temporary)
                return false
            }
            if let estimate = state.estimatedBytes, estimate + file.count <= capacityBytes {
                state.estimatedBytes = estimate + file.count // an overestimate when a file was replaced
            } else {
                state.estimatedBytes = evict()
            }
            return true
        }
    }

    /// Writes all bytes to a new file with mode 0600.
    private static func write(_ data: Data, to path: String) -> Bool {
        let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return data.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, base + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                offset += n
            }
            return true
        }
    }

    /// Removes the least recently used entries until the folder fits the cap, and temporary
    /// files left by a process that stopped mid-write (older than ten minutes).
    /// - Returns: the entries' total size afterwards, in bytes; nil when the folder cannot be listed.
    private func evict() -> Int? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return nil }
        var entries: [(path: String, size: Int, used: Int)] = []
        var total = 0
        let oldTemporary = Int(now()) - 600
        for name in names {
            let file = FilePaths.join(directory, name)
            var info = stat()
            guard lstat(file, &info) == 0 else { continue }
            if name.hasPrefix(".tmp-") {
                if Int(info.st_mtim.tv_sec) < oldTemporary { unlink(file) }
                continue
            }
            guard name.hasSuffix(".entry"), (info.st_mode & S_IFMT) == S_IFREG else { continue }
            entries.append((file, Int(info.st_size), Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)))
            total += Int(info.st_size)
        }
        guard total > capacityBytes else { return total }
        for entry in entries.sorted(by: { $0.used < $1.used }) where total > capacityBytes {
            if unlink(entry.path) == 0 { total -= entry.size }
        }
        return total
    }

    /// Removes a broken entry (a file, or a folder in its place).
    private func discard(_ path: String) {
        if unlink(path) != 0 {
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
