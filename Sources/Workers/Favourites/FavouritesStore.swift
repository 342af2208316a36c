import Domain
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The favourites file `favorites.json` in the app's data folder
/// (`$XDG_DATA_HOME/discover-tui`, by default `~/.local/share/discover-tui`), in `FavouritesFile`'s format.
///
/// Every write is a read-merge-write under an exclusive `flock(2)` on `favorites.json.lock` in
/// the same folder: the file is read again, this writer's changes are applied to it (add or
/// remove one key each), and the result goes to a temporary file in the same folder that is
/// `fsync`ed, renamed over `favorites.json` (`rename(2)` replaces it atomically) and made
/// durable with an `fsync` of the folder. So two running instances never lose each other's
/// changes, and a writer killed at any moment leaves either the old file or the new one. A
/// temporary file left by a killed writer is removed by the next writer (under the lock, no
/// other writer can be using it).
///
/// The lock is asked for without blocking (`LOCK_NB`), again every 2 ms, for at most
/// `lockTimeout` seconds; then the write fails with "favorites.json is locked by another
/// process". Reading takes no lock: the file is only ever replaced whole by a rename, so a
/// reader sees the old file or the new one, never part of one.
///
/// When `favorites.json` is a symbolic link (a file kept with one's dotfiles), the link is
/// followed: the temporary file is made in the folder of the file it points to and renamed
/// over that file, so the link stays a link.
///
/// Entries of the file that cannot be read are skipped and written back as they were (see
/// `FavouritesFile`). A file whose top level cannot be read as favourites is renamed
/// `favorites.json.corrupt-YYYYMMDD-HHMMSS` (UTC) and kept; reading then starts from no
/// favourites.
///
/// The calls block on file I/O: call them off the main actor (`FavouritesWorker` does).
public final class FavouritesStore: Sendable {
    /// The file's name in the data folder.
    public static let fileName = "favorites.json"

    /// The largest file read, in bytes (16 MiB, some 50,000 favourites): a larger one is
    /// treated as corrupt rather than read into memory.
    public static let maximumFileSize = 16 << 20

    /// The folder holding the file.
    public let directory: String
    /// How long a write waits for another process's lock before it gives up, in seconds.
    public let lockTimeout: Double
    private let now: @Sendable () -> Int

    /// The file's path.
    public var path: String { directory + "/" + Self.fileName }
    /// The lock file's path: `favorites.json.lock`.
    public var lockPath: String { path + ".lock" }

    /// The reason a write gives when another process holds the lock for longer than
    /// `lockTimeout`.
    public static let lockedReason = fileName + " is locked by another process"

    /// What a read found.
    public struct Reading: Sendable, Equatable {
        /// The favourites in the file (none when it is missing or was corrupt).
        public let favourites: [Favourite]
        /// A one-line notice when the file was corrupt (and where it was moved), or when some
        /// of its entries could not be read (and are kept), else nil.
        public let notice: String?

        /// Makes a reading.
        /// - Parameters:
        ///   - favourites: the favourites.
        ///   - notice: a one-line notice, or nil.
        public init(favourites: [Favourite], notice: String?) {
            self.favourites = favourites
            self.notice = notice
        }
    }

    /// Makes a store for a folder that exists.
    /// - Parameters:
    ///   - directory: the folder, for example `~/.local/share/discover-tui`.
    ///   - lockTimeout: how long a write waits for another process's lock, in seconds.
    ///   - now: the time for corrupt files' names, seconds since 1970-01-01 UTC.
    public init(directory: String, lockTimeout: Double = 2, now: @escaping @Sendable () -> Int = { Int(time(nil)) }) {
        self.directory = directory
        self.lockTimeout = lockTimeout
        self.now = now
    }

    /// The store in the app's data folder, making the folder (mode 0700) when missing.
    /// - Parameter environment: the environment (`XDG_DATA_HOME`, `HOME`).
    /// - Returns: the store.
    /// - Throws: `StorageError` when the folder cannot be made.
    public static func standard(environment: [String: String]) throws -> FavouritesStore {
        FavouritesStore(directory: try XDGDirectories(environment: environment).ensure(.data))
    }

    /// Reads the file, moving a corrupt one aside.
    /// - Returns: the favourites and a notice.
    /// - Throws: `StorageError` when the file cannot be read (permission, I/O error), or is
    ///   of a version this release does not know (it is left as it is).
    public func read() throws -> Reading {
        switch try readFile() {
        case .missing:
            return Reading(favourites: [], notice: nil)
        case .favourites(let contents):
            return Reading(favourites: contents.favourites, notice: Self.unreadableNotice(contents))
        case .corrupt:
            // Moving aside happens under the lock, so two instances never move the same file.
            // When the lock cannot be taken (a read-only folder, another process holding it),
            // the file stays where it is.
            do {
                return try withLock(timeout: lockTimeout) {
                    let (current, notice) = try readMovingAside()
                    return Reading(favourites: current.favourites, notice: notice ?? Self.unreadableNotice(current))
                }
            } catch let error as StorageError {
                return Reading(favourites: [], notice: "\(Self.fileName) is corrupt and cannot be moved aside: \(Self.sentence(error.reason)) (\(error.path))")
            }
        }
    }

    /// Applies changes to the file as it is now and writes it (read, merge, write under the lock).
    /// Entries of the file that cannot be read, and fields this release does not know, are
    /// written back as they were.
    /// - Parameters:
    ///   - changes: the changes, in order.
    ///   - lockTimeout: how long to wait for another process's lock, in seconds; by default
    ///     the store's `lockTimeout`.
    /// - Returns: the favourites written and a notice when the file was corrupt before.
    /// - Throws: `StorageError` naming the path and the reason (read-only file system, no space
    ///   left, permission, `lockedReason`) when the file cannot be written; the old file is
    ///   then unchanged and no temporary file is left.
    public func write(applying changes: [FavouritesChange], lockTimeout: Double? = nil) throws -> Reading {
        try withLock(timeout: lockTimeout ?? self.lockTimeout) {
            let target = try resolvedPath()
            removeStaleTemporaryFiles(in: target)
            let (current, notice) = try readMovingAside()
            let merged = changes.reduce(current.favourites) { $1.applied(to: $0) }
            try replaceFile(target, with: FavouritesFile.encode(merged, keeping: current))
            return Reading(favourites: merged, notice: notice)
        }
    }

    /// "1 favourite could not be read and is kept as it was", or nil when every entry was read.
    private static func unreadableNotice(_ contents: FavouritesFile.Contents) -> String? {
        let count = contents.unreadableCount
        switch count {
        case 0: return nil
        case 1: return "1 favourite could not be read and is kept as it was (\(fileName))"
        default: return "\(count) favourites could not be read and are kept as they were (\(fileName))"
        }
    }

    /// A reason as the middle of a sentence: `Read-only file system` becomes
    /// `read-only file system`; a word in capitals (`EOF`) stays as it is.
    /// - Parameter reason: the reason, for example from `strerror(3)`.
    /// - Returns: the reason with its first letter in lower case.
    public static func sentence(_ reason: String) -> String {
        let characters = Array(reason)
        guard characters.count >= 2, characters[0].isUppercase, !characters[1].isUppercase else { return reason }
        return characters[0].lowercased() + String(characters[1...])
    }

    // MARK: Reading

    private enum FileContent {
        case missing
        case favourites(FavouritesFile.Contents)
        case corrupt(String)
    }

    private func readFile() throws -> FileContent {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return .missing }
            throw StorageError.fromErrno(path: path)
        }
        defer { close(fd) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = Glibc.read(fd, &buffer, buffer.count)
            if n > 0 {
                data.append(contentsOf: buffer[0..<n])
                if data.count > Self.maximumFileSize { return .corrupt("larger than 16 MiB") }
            } else if n == 0 {
                break
            } else if errno != EINTR {
                throw StorageError.fromErrno(path: path)
            }
        }
        do {
            return .favourites(try FavouritesFile.decodeContents(data))
        } catch .corrupt(let reason) {
            return .corrupt(reason)
        } catch .unsupportedVersion(let version) {
            throw StorageError(path: path, reason: "written by another release of Discover (format version \(version)); left as it is")
        }
    }

    /// Reads the file; a corrupt one is renamed aside, and the notice says so. Call with the
    /// lock held.
    private func readMovingAside() throws -> (FavouritesFile.Contents, notice: String?) {
        switch try readFile() {
        case .missing:
            return (FavouritesFile.Contents(favourites: []), nil)
        case .favourites(let contents):
            return (contents, nil)
        case .corrupt(let reason):
            let aside = try moveAside()
            return (
                FavouritesFile.Contents(favourites: []),
                "\(Self.fileName) was unreadable (\(reason)), so favourites start empty; moved aside to \(aside)"
            )
        }
    }

    /// Renames the file `favorites.json.corrupt-YYYYMMDD-HHMMSS` (UTC), with `-2`, `-3`… when
    /// that name is taken.
    private func moveAside() throws -> String {
        let target = AsideName.free(for: path, now: now())
        guard rename(path, target) == 0 else { throw StorageError.fromErrno(path: path) }
        syncDirectory()
        return target
    }

    // MARK: Writing

    /// The file that is written: `path`, or when it is a symbolic link, the file it points
    /// to (links followed, at most 40 as `path_resolution(7)` allows); the target need not exist.
    /// - Throws: `StorageError` when a link cannot be read or there are too many.
    func resolvedPath() throws -> (directory: String, name: String) {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return split(current) }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { throw StorageError.fromErrno(path: current) }
            let target = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : split(current).directory + "/" + target
        }
        throw StorageError(path: path, reason: "too many levels of symbolic links")
    }

    private func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    /// The prefix of temporary files: `favorites.json.tmp-` (the target's name when the file
    /// is a link).
    private func temporaryPrefix(_ name: String) -> String { name + ".tmp-" }

    /// Writes a temporary file beside the target, syncs it, renames it over the target and
    /// syncs the target's folder.
    private func replaceFile(_ target: (directory: String, name: String), with data: Data) throws {
        let destination = target.directory + "/" + target.name
        let temporary = target.directory + "/" + temporaryPrefix(target.name) + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw cannotWrite() }
        var failure: StorageError?
        let written = data.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, base + offset, raw.count - offset)
                if n > 0 {
                    offset += n
                } else if n < 0 && errno == EINTR {
                    continue
                } else {
                    if n == 0 { errno = EIO }
                    return false
                }
            }
            return true
        }
        if !written || fsync(fd) != 0 { failure = cannotWrite() }
        if close(fd) != 0 && failure == nil { failure = cannotWrite() }
        if failure == nil && rename(temporary, destination) != 0 { failure = cannotWrite() }
        if let failure {
            unlink(temporary)
            throw failure
        }
        syncDirectory(target.directory)
    }

    /// The error of the last call, naming the favourites file.
    private func cannotWrite() -> StorageError {
        StorageError(path: path, reason: String(cString: strerror(errno)))
    }

    /// Makes a rename durable: `fsync` on the folder (POSIX leaves it to the file system
    /// otherwise). A folder that cannot be opened or synced is not an error: the rename is done.
    private func syncDirectory(_ folder: String? = nil) {
        let fd = open(folder ?? directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    /// Removes temporary files of writers that were killed. Call with the lock held.
    private func removeStaleTemporaryFiles(in target: (directory: String, name: String)) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: target.directory) else { return }
        for name in names where name.hasPrefix(temporaryPrefix(target.name)) {
            unlink(target.directory + "/" + name)
        }
    }

    /// Runs a body with an exclusive `flock` on the lock file (made mode 0600 when missing),
    /// asked for without blocking every 2 ms for at most `timeout` seconds.
    /// - Throws: `StorageError` with `lockedReason` when another process holds the lock all
    ///   that time; the body's errors.
    private func withLock<T>(timeout: Double, _ body: () throws -> T) throws -> T {
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StorageError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            guard errno == EWOULDBLOCK else { throw StorageError.fromErrno(path: lockPath) }
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let waited = Double(now.tv_sec - start.tv_sec) + Double(now.tv_nsec - start.tv_nsec) / 1e9
            guard waited < timeout else { throw StorageError(path: path, reason: Self.lockedReason) }
            // Short tries: another copy saving in a loop frees the lock for only a moment.
            usleep(2_000)
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}
