import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Picture bodies kept on disk by URL, in `$XDG_CACHE_HOME/discover-tui/images`, one file per
/// picture named by the FNV-1a 64-bit hash of its URL (`ResponseCache.fileName(for:)`, with
/// `.image`). The folder is held under a size cap: after each store, the oldest files (by
/// modification time; a read touches its file) go until the rest fit.
public final class ImageCache: Sendable {
    /// The folder's name under the app's cache folder.
    public static let folderName = "images"
    /// The default cap: 50 MB.
    public static let defaultCapBytes = 50 * 1_000_000

    /// The folder.
    public let directory: String
    /// The most bytes the folder keeps.
    public let capBytes: Int

    /// Uses a folder, making it when missing.
    /// - Parameters:
    ///   - directory: the folder.
    ///   - capBytes: the most bytes kept (oldest dropped past it).
    /// - Throws: `StorageError` when the folder cannot be made.
    public init(directory: String, capBytes: Int = ImageCache.defaultCapBytes) throws {
        try XDGDirectories.makeDirectory(directory)
        self.directory = directory
        self.capBytes = capBytes
    }

    /// The cache under the app's cache folder, or nil when there can be none (then pictures
    /// are fetched each time).
    /// - Parameter environment: the environment (`XDG_CACHE_HOME`, `HOME`).
    public static func open(environment: [String: String]) -> ImageCache? {
        guard let base = try? XDGDirectories(environment: environment).ensure(.cache) else { return nil }
        return try? ImageCache(directory: FilePaths.join(base, folderName))
    }

    private func path(for url: URL) -> String {
        let name = ResponseCache.fileName(for: url)
        return FilePaths.join(directory, String(name.dropLast(".entry".count)) + ".image")
    }

    /// The kept body of a URL, or nil; reading it marks it as recently used.
    /// - Parameter url: the picture's URL.
    public func body(for url: URL) -> Data? {
        let file = path(for: url)
        guard let data = FileManager.default.contents(atPath: file), !data.isEmpty else { return nil }
        _ = utimes(file, nil)
        return data
    }

    /// Keeps a body (written to a temporary file, then renamed), then drops the oldest files
    /// past the cap. A failure keeps nothing and says nothing: the picture is fetched again.
    /// - Parameters:
    ///   - body: the picture's bytes.
    ///   - url: its URL.
    public func store(_ body: Data, for url: URL) {
        guard !body.isEmpty, body.count <= capBytes else { return }
        let file = path(for: url)
        let temporary = file + ".\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: body) else { return }
        guard rename(temporary, file) == 0 else {
            unlink(temporary)
            return
        }
        trim()
    }

    /// Drops the oldest pictures until the folder holds at most `capBytes`.
    public func trim() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        var files: [(path: String, size: Int, time: Int)] = []
        for name in names where name.hasSuffix(".image") {
            let file = FilePaths.join(directory, name)
            var info = stat()
            guard stat(file, &info) == 0 else { continue }
            files.append((file, Int(info.st_size), Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)))
        }
        var total = files.reduce(0) { $0 + $1.size }
        for file in files.sorted(by: { $0.time < $1.time }) where total > capBytes {
            if unlink(file.path) == 0 { total -= file.size }
        }
    }
}
