#if canImport(Glibc)
    import Glibc
#endif

/// What the file system says of a file and its folder (`access(2)`, `stat(2)`, `statvfs(3)`):
/// whether they can be written, whether the disk has room, which file a path names now. Asked
/// of the file system rather than read from permission bits: as root, a mode-555 folder does
/// not stop a write, a read-only mount does (`EROFS`).
enum FileAccess {
    /// A file as the file system knows it: its device and inode.
    struct Identity: Equatable, Sendable {
        /// The device holding it (`st_dev`).
        let device: UInt64
        /// Its inode on that device (`st_ino`).
        let inode: UInt64

        /// The file a path names now, or nil when there is none (deleted, moved away).
        /// - Parameter path: the path.
        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// True when files can be made, renamed and removed in a folder.
    /// - Parameter folder: the folder's path (empty: the working folder).
    static func canWrite(folder: String) -> Bool {
        access(folder.isEmpty ? "." : folder, W_OK) == 0
    }

    /// True when a file can be written, or does not exist.
    /// - Parameter file: the file's path.
    static func canWrite(file: String) -> Bool {
        access(file, W_OK) == 0 || errno == ENOENT
    }

    /// True when the file system holding a folder has less than `bytes` left for this user
    /// (`f_bavail`); false when it cannot be asked.
    /// - Parameters:
    ///   - folder: the folder's path (empty: the working folder).
    ///   - bytes: the room below which it counts as full (64 KiB: less than two of SQLite's
    ///     `-shm` pieces).
    static func isFull(folder: String, below bytes: UInt64 = 65_536) -> Bool {
        var info = statvfs()
        guard statvfs(folder.isEmpty ? "." : folder, &info) == 0 else { return false }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize) < bytes
    }

    /// The size of a file in bytes; 0 when it is missing.
    /// - Parameter path: the file's path.
    static func size(of path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }
}
