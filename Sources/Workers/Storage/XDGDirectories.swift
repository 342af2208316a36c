import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The app's folders after the XDG Base Directory Specification 0.8
/// (https://specifications.freedesktop.org/basedir-spec/0.8/): configuration under
/// `$XDG_CONFIG_HOME/discover-tui` (default `~/.config/discover-tui`), data under
/// `$XDG_DATA_HOME/discover-tui` (default `~/.local/share/discover-tui`) and cache under
/// `$XDG_CACHE_HOME/discover-tui` (default `~/.cache/discover-tui`).
///
/// As the specification says, a variable holding a relative path is ignored (as if unset).
/// Folders are made on first use with mode 0700.
public struct XDGDirectories: Sendable, Equatable {
    /// Which of the app's folders.
    public enum Kind: String, Sendable, CaseIterable {
        /// Settings the person writes: `$XDG_CONFIG_HOME/discover-tui`.
        case config
        /// State the app keeps (favourites): `$XDG_DATA_HOME/discover-tui`.
        case data
        /// Files that may be deleted at any time (responses): `$XDG_CACHE_HOME/discover-tui`.
        case cache
    }

    /// The app's folder name under each base.
    public static let appFolder = "discover-tui"

    private let environment: [String: String]
    private let home: String?

    /// Makes the folders from an environment.
    /// - Parameters:
    ///   - environment: the environment (`XDG_CONFIG_HOME`, `XDG_DATA_HOME`, `XDG_CACHE_HOME`, `HOME`).
    ///   - home: the home folder when `HOME` is unset or relative; by default the password
    ///     database's entry for the current user.
    public init(environment: [String: String], home: String? = nil) {
        self.environment = environment
        if let h = environment["HOME"], h.hasPrefix("/") {
            self.home = h
        } else {
            self.home = home ?? Self.passwordHome()
        }
    }

    /// The base folder of a kind, for example `/home/ana/.cache`, or nil when neither the
    /// variable nor a home folder gives an absolute path.
    /// - Parameter kind: which folder.
    /// - Returns: an absolute path without the app's folder.
    public func base(_ kind: Kind) -> String? {
        let (variable, fallback) = Self.variable(of: kind)
        if let value = environment[variable], value.hasPrefix("/") {
            return value
        }
        guard let home else { return nil }
        return FilePaths.join(home, fallback)
    }

    /// The app's folder of a kind, for example `/home/ana/.cache/discover-tui`, or nil when there
    /// is no base; the folder may not exist yet.
    /// - Parameter kind: which folder.
    /// - Returns: an absolute path.
    public func path(_ kind: Kind) -> String? {
        base(kind).map { FilePaths.join($0, Self.appFolder) }
    }

    /// The app's folder of a kind, made (with any missing parent) with mode 0700 when missing.
    /// - Parameter kind: which folder.
    /// - Returns: the folder's absolute path.
    /// - Throws: `StorageError` when there is no base (no `HOME`), a path part is not a folder,
    ///   or the folder cannot be made (read-only file system, permission).
    public func ensure(_ kind: Kind) throws -> String {
        guard let path = path(kind) else {
            let (variable, _) = Self.variable(of: kind)
            throw StorageError(path: "$\(variable)", reason: "neither \(variable) nor HOME is an absolute path")
        }
        try Self.makeDirectory(path)
        return path
    }

    /// Makes a folder and its missing parents with mode 0700; an existing folder is left as it is.
    /// - Parameter path: an absolute path.
    /// - Throws: `StorageError` naming the first path that could not be made or is not a folder.
    public static func makeDirectory(_ path: String) throws {
        var info = stat()
        if stat(path, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { return }
            throw StorageError(path: path, reason: "not a folder")
        }
        let parent = FilePaths.parent(of: path)
        if !parent.isEmpty && parent != path {
            try makeDirectory(parent)
        }
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw StorageError.fromErrno(path: path)
        }
    }

    private static func variable(of kind: Kind) -> (variable: String, fallback: String) {
        switch kind {
        case .config: return ("XDG_CONFIG_HOME", ".config")
        case .data: return ("XDG_DATA_HOME", ".local/share")
        case .cache: return ("XDG_CACHE_HOME", ".cache")
        }
    }

    private static func passwordHome() -> String? {
        guard let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir else { return nil }
        let home = String(cString: dir)
        return home.hasPrefix("/") ? home : nil
    }
}
