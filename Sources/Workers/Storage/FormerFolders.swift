import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The app's files left under the folders of its former command name, `discover`
/// (`~/.config/discover/config`, `~/.local/share/discover/favorites.json`,
/// `~/.cache/discover/responses`), moved once into the folders of its name (`XDGDirectories`).
///
/// Only the app's own entries move: `config`; `favorites.json` and the files named after it
/// (its lock, corrupt copies set aside); `responses`. Anything else in a former folder stays,
/// since another program called discover may use the same folder, and a former folder is
/// removed only when nothing is left in it. An entry whose new place is already taken stays
/// where it is. Each move is one `rename(2)` within the same parent folder: nothing is copied,
/// and a move that fails leaves the file where it was.
public enum FormerFolders {
    /// The app's folder name under each base before the command was renamed.
    public static let formerAppFolder = "discover"

    /// One entry moved.
    public struct Move: Sendable, Equatable {
        /// Its former absolute path.
        public let from: String
        /// Its absolute path now.
        public let to: String
    }

    /// What `move(in:)` did.
    public struct Outcome: Sendable, Equatable {
        /// The entries moved, config first, then data and cache.
        public var moved: [Move] = []
        /// The entries that could not be moved, with the reason.
        public var failed: [StorageError] = []

        /// Nothing moved, nothing failed.
        public init() {}

        /// One line for the person when something moved, e.g. `moved the files of the former
        /// name discover: /home/ana/.config/discover/config to /home/ana/.config/discover-tui/config`;
        /// nil when nothing moved.
        public var movedLine: String? {
            guard !moved.isEmpty else { return nil }
            return "moved the files of the former name \(FormerFolders.formerAppFolder): "
                + moved.map { "\($0.from) to \($0.to)" }.joined(separator: ", ")
        }
    }

    /// Moves the app's entries from each former folder to the folder of its name, made (mode
    /// 0700) when something is to move into it.
    /// - Parameter directories: the app's folders (the bases come from their environment).
    /// - Returns: what moved and what could not; empty when there was nothing to move.
    public static func move(in directories: XDGDirectories) -> Outcome {
        var outcome = Outcome()
        for kind in XDGDirectories.Kind.allCases {
            guard let base = directories.base(kind), let target = directories.path(kind) else { continue }
            let former = FilePaths.join(base, formerAppFolder)
            guard former != target, isFolder(former),
                let names = try? FileManager.default.contentsOfDirectory(atPath: former)
            else { continue }
            let ours = names.filter { owned($0, kind: kind) }.sorted()
            for name in ours {
                let from = FilePaths.join(former, name)
                let to = FilePaths.join(target, name)
                var info = stat()
                if lstat(to, &info) == 0 { continue }
                do {
                    try XDGDirectories.makeDirectory(target)
                } catch let error as StorageError {
                    outcome.failed.append(error)
                    break
                } catch {
                    outcome.failed.append(StorageError(path: target, reason: "cannot be made"))
                    break
                }
                if rename(from, to) == 0 {
                    outcome.moved.append(Move(from: from, to: to))
                } else {
                    outcome.failed.append(StorageError.fromErrno(path: from))
                }
            }
            // Fails, as it should, while anything is left in it.
            if !ours.isEmpty { _ = rmdir(former) }
        }
        return outcome
    }

    /// Whether an entry of a former folder is the app's own.
    static func owned(_ name: String, kind: XDGDirectories.Kind) -> Bool {
        switch kind {
        case .config: return name == "config"
        case .data: return name == FavouritesStore.fileName || name.hasPrefix(FavouritesStore.fileName + ".")
        case .cache: return name == ResponseCache.folderName
        }
    }

    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
