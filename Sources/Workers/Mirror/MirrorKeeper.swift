import Domain
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps a whole mirror fresh on its own (the `keep-mirror-fresh` setting): at most once a day,
/// the changes since its last refresh, fetched as `discover-tui mirror` fetches them. Nothing is
/// done for a mirror not yet whole or older than a month (those need `discover-tui mirror`), and
/// a failure is left for the next day's try (what was fetched is kept), and so is a refresh
/// while another run holds the mirror's lock (`MirrorLock`).
public enum MirrorKeeper {
    /// The least time between two refreshes, in seconds: a day.
    public static let interval = 86_400

    /// Whether the mirror is due a refresh: whole, last refreshed more than `interval` and at
    /// most a month ago.
    /// - Parameters:
    ///   - store: the mirror.
    ///   - now: the time, Unix seconds.
    /// - Throws: `MirrorStoreError` when it cannot be read.
    public static func isDue(_ store: MirrorStore, now: Int) throws -> Bool {
        guard let fresh = try store.freshAt() else { return false }
        return now - fresh > interval && TVmazeIndexWorker.Window.covering(since: fresh, now: now) != nil
    }

    /// Refreshes the mirror at `path` when it is due.
    /// - Parameters:
    ///   - path: the mirror's file.
    ///   - worker: TVmaze's index, paced by its client.
    ///   - now: the clock, Unix seconds.
    /// - Returns: what was done, or nil when nothing was due, or it could not be done.
    public static func refreshIfDue(path: String, worker: TVmazeIndexWorker, now: @escaping @Sendable () -> Int) async -> MirrorRun.Outcome? {
        // A `discover-tui mirror` going on meanwhile is left to do it.
        guard access(path, F_OK) == 0, let lock = try? MirrorLock.take(path: path) else { return nil }
        defer { lock.release() }
        guard let store = try? MirrorStore(path: path, writable: true), (try? isDue(store, now: now())) == true else {
            return nil
        }
        return try? await MirrorRun(worker: worker, now: now).run(store: store) { _ in }
    }
}
