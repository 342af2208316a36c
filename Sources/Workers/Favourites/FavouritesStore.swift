import Domain
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The favourites file `favorites.json` in the app's data folder
/// (`$XDG_DATA_HOME/discover`, by default `~/.local/share/discover`), in `FavouritesFile`'s format.
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
/// A file that cannot be read as favourites is renamed `favorites.json.corrupt-YYYYMMDD-HHMMSS`
/// (UTC) and kept; reading then starts from no favourites.
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
    private let now: @Sendable () -> Int

    /// The file's path.
    public var path: String { directory + "/" + Self.fileName }
    /// The lock file's path: `favorites.json.lock`.
    public var lockPath: String { path + ".lock" }

    /// What a read found.
    public struct Reading: Sendable, Equatable {
        /// The favourites in the file (none when it is missing or was corrupt).
        public let favourites: [Favourite]
        /// A one-line notice when the file was corrupt (and where it was moved), else nil.
        public let notice: String?
    }

    /// Makes a store for a folder that exists.
    /// - Parameters:
    ///   - directory: the folder, for example `~/.local/share/discover`.
    ///   - now: the time for corrupt files' names, seconds since 1970-01-01 UTC.
    public init(directory: String, now: @escaping @Sendable () -> Int = { Int(time(nil)) }) {
        self.directory = directory
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
        case .favourites(let list):
            return Reading(favourites: list, notice: nil)
        case .corrupt:
            // Moving aside happens under the lock, so two instances never move the same file.
            // When the lock cannot be taken (a read-only folder), the file stays where it is.
            do {
                return try withLock { try readMovingAside() }
            } catch let error as StorageError {
                return Reading(favourites: [], notice: "\(Self.fileName) is corrupt and cannot be moved aside: \(error.reason) (\(error.path))")
            }
        }
    }

    /// Applies changes to the file as it is now and writes it (read, merge, write under the lock).
    /// - Parameter changes: the changes, in order.
    /// - Returns: the favourites written and a notice when the file was corrupt before.
    /// - Throws: `StorageError` naming the path and the reason (read-only file system, no space
    ///   left, permission) when the file cannot be written; the old file is then unchanged and
    ///   no temporary file is left.
    public func write(applying changes: [FavouritesChange]) throws -> Reading {
        try withLock {
            removeStaleTemporaryFiles()
            let current = try readMovingAside()
            let merged = changes.reduce(current.favourites) { $1.applied(to: $0) }
            try replaceFile(with: FavouritesFile.encode(merged))
            return Reading(favourites: merged, notice: current.notice)
        }
    }

    // MARK: Reading

    private enum FileContent {
        case missing
        case favourites([Favourite])
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
            return .favourites(try FavouritesFile.decode(data))
        } catch .corrupt(let reason) {
            return .corrupt(reason)
        } catch .unsupportedVersion(let version) {
            throw StorageError(path: path, reason: "written by another release of Discover (format version \(version)); left as it is")
        }
    }

    /// Reads the file; a corrupt one is renamed aside. Call with the lock held.
    private func readMovingAside() throws -> Reading {
        switch try readFile() {
        case .missing:
            return Reading(favourites: [], notice: nil)
        case .favourites(let list):
            return Reading(favourites: list, notice: nil)
        case .corrupt(let reason):
            let aside = try moveAside()
            return Reading(favourites: [], notice: "\(Self.fileName) was unreadable (\(reason)); moved aside to \(aside), starting with no favourites")
        }
    }

    /// Renames the file `favorites.json.corrupt-YYYYMMDD-HHMMSS` (UTC), with `-2`, `-3`… when
    /// that name is taken.
    private func moveAside() throws -> String {
        var time = time_t(now())
        var parts = tm()
        gmtime_r(&time, &parts)
        let stamp = String(format: "%04d%02d%02d-%02d%02d%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                           Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
        let base = path + ".corrupt-" + stamp
        var target = base
        var n = 1
        while access(target, F_OK) == 0 {
            n += 1
            target = base + "-\(n)"
        }
        guard rename(path, target) == 0 else { throw StorageError.fromErrno(path: path) }
        syncDirectory()
        return target
    }

    // MARK: Writing

    /// The prefix of temporary files: `favorites.json.tmp-`.
    private var temporaryPrefix: String { Self.fileName + ".tmp-" }

    /// Writes a temporary file, syncs it, renames it over the file and syncs the folder.
    private func replaceFile(with data: Data) throws {
        let temporary = directory + "/" + temporaryPrefix + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw cannotWrite() }
        var failure: StorageError?
        let written = data.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
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
        if failure == nil && rename(temporary, path) != 0 { failure = cannotWrite() }
        if let failure {
            unlink(temporary)
            throw failure
        }
        syncDirectory()
    }

    /// The error of the last call, naming the favourites file.
    private func cannotWrite() -> StorageError {
        StorageError(path: path, reason: String(cString: strerror(errno)))
    }

    /// Makes a rename durable: `fsync` on the folder (POSIX leaves it to the file system
    /// otherwise). A folder that cannot be opened or synced is not an error: the rename is done.
    private func syncDirectory() {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    /// Removes temporary files of writers that were killed. Call with the lock held.
    private func removeStaleTemporaryFiles() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(temporaryPrefix) {
            unlink(directory + "/" + name)
        }
    }

    /// Runs a body with an exclusive `flock` on the lock file (made mode 0600 when missing).
    private func withLock<T>(_ body: () throws -> T) throws -> T {
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StorageError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw StorageError.fromErrno(path: lockPath) }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}
