import Dispatch
import Domain
import FoundationEssentials
import Synchronization

/// The favourites for the scenes: `FavouritesStore` on the app's data folder, with the file
/// I/O on a serial queue of its own (off the main actor), and the changes kept in memory when
/// they cannot be saved.
///
/// Saves run one at a time in the order they were asked for, so the file ends with the state
/// the person's keys asked for. When the data folder cannot be made, or a write fails
/// (read-only file system, disk full, permission, another process holding the lock), the
/// change still applies in memory and the state's notice says why, naming the path; the file
/// on disk is left as it was. Changes not yet saved are applied again, in order, at the next
/// write (each is "add one" or "remove one", so applying them to a newer file loses nothing
/// another instance wrote). `finishSaving(within:)` waits for the queued saves when the app
/// quits.
public final class FavouritesWorker: FavouritesWorking, @unchecked Sendable {
    // Everything below is touched only on `queue`, but `knownPath` (a `Mutex`).
    private let queue = DispatchQueue(label: "discover.favourites")
    private let makeStore: @Sendable () throws -> FavouritesStore
    private var store: FavouritesStore?
    /// The file's favourites as last read or written.
    private var saved: [Favourite] = []
    /// Changes not saved yet, in order.
    private var pending: [FavouritesChange] = []
    /// Why the last save failed, as a notice's reason with its path, or nil.
    private var lastFailure: (reason: String, path: String)?
    private let knownPath: Mutex<String>

    /// Makes a worker on a store.
    /// - Parameter store: the store.
    public init(store: FavouritesStore) {
        self.makeStore = { store }
        self.store = store
        self.knownPath = Mutex(store.path)
    }

    /// Makes a worker on the app's data folder (`$XDG_DATA_HOME/discover-tui`, by default
    /// `~/.local/share/discover-tui`), made on first use; when it cannot be made, favourites are
    /// kept in memory and the notice says why.
    /// - Parameter environment: the environment (`XDG_DATA_HOME`, `HOME`).
    public init(environment: [String: String]) {
        self.makeStore = { try FavouritesStore.standard(environment: environment) }
        self.store = nil
        self.knownPath = Mutex(FavouritesStore.fileName)
    }

    /// The store, made when first needed. Call on `queue`.
    private func currentStore() throws -> FavouritesStore {
        if let store { return store }
        let made = try makeStore()
        store = made
        knownPath.withLock { $0 = made.path }
        return made
    }

    /// Reads the file again; first saves the changes kept in memory, if any, when it can at
    /// once (it does not wait for another process's lock). Runs after the saves asked for
    /// before it.
    /// - Returns: the favourites (with any unsaved changes applied) and a notice: a corrupt
    ///   file moved aside, entries that could not be read, or why favourites are kept in
    ///   memory only (reason and path).
    public func load() async -> FavouritesState {
        await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: self.loadNow())
            }
        }
    }

    /// Applies a change to the file as it is now (with any earlier unsaved changes first),
    /// after the saves asked for before it.
    /// - Parameter change: add one favourite or remove one key.
    /// - Returns: the favourites after the change; when it could not be saved, `isInMemoryOnly`
    ///   and a notice giving the reason and the path.
    public func apply(_ change: FavouritesChange) async -> FavouritesState {
        await withCheckedContinuation { continuation in
            save(change) { continuation.resume(returning: $0) }
        }
    }

    /// Queues a change to be saved after the ones queued before it, and returns at once.
    /// - Parameters:
    ///   - change: add one favourite or remove one key.
    ///   - completion: called on the worker's queue with the favourites after the change (as
    ///     `apply` returns them).
    public func save(_ change: FavouritesChange, completion: @escaping @Sendable (FavouritesState) -> Void) {
        queue.async {
            completion(self.applyNow(change))
        }
    }

    /// Waits until the saves queued so far are done, trying once more to save changes kept in
    /// memory, for at most `seconds`. Blocks the calling thread (the app calls it as it quits).
    /// - Parameter seconds: the longest wait, in seconds.
    /// - Returns: nil when every change is saved; else one line saying how many changes are
    ///   not saved, why and the path (for example `favorites.json is locked by another
    ///   process`, or that the write was still going on).
    public func finishSaving(within seconds: Double) -> String? {
        let start = DispatchTime.now().uptimeNanoseconds
        let deadline = DispatchTime.now() + seconds
        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        queue.async {
            if !self.pending.isEmpty, let store = try? self.currentStore() {
                // The time that is left, less a margin to report in.
                let left = seconds - Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 - 0.1
                if left > 0 { _ = self.write(store: store, changes: [], lockTimeout: left) }
            }
            outcome.set(self.pending.isEmpty ? nil : self.unsavedLine())
            done.signal()
        }
        guard done.wait(timeout: deadline) == .success else {
            let path = knownPath.withLock { $0 }
            return "favourites may not be saved: still writing after \(DecimalText.fixed(seconds, decimals: 1)) s (\(path))"
        }
        return outcome.get()
    }

    /// A value set on the queue and read by the thread that waited for it.
    private final class Outcome: Sendable {
        private let line = Mutex<String?>(nil)
        func set(_ value: String?) { line.withLock { $0 = value } }
        func get() -> String? { line.withLock { $0 } }
    }

    /// `2 favourite changes not saved: reason (path)`. Call on `queue`.
    private func unsavedLine() -> String {
        let count = pending.count
        let what = count == 1 ? "1 favourite change is" : "\(count) favourite changes are"
        let failure = lastFailure ?? (reason: "not written", path: knownPath.withLock { $0 })
        return "\(what) not saved: \(failure.reason) (\(failure.path))"
    }

    // MARK: On the queue

    private func loadNow() -> FavouritesState {
        do {
            let store = try currentStore()
            if !pending.isEmpty {
                // Try to save what is waiting, without waiting for a lock; a failure keeps it
                // waiting.
                return write(store: store, changes: [], lockTimeout: 0)
            }
            let reading = try store.read()
            saved = reading.favourites
            return FavouritesState(favourites: saved, notice: reading.notice)
        } catch {
            return inMemory(because: error)
        }
    }

    private func applyNow(_ change: FavouritesChange) -> FavouritesState {
        do {
            let store = try currentStore()
            return write(store: store, changes: [change], lockTimeout: nil)
        } catch {
            pending.append(change)
            return inMemory(because: error)
        }
    }

    private func write(store: FavouritesStore, changes: [FavouritesChange], lockTimeout: Double?) -> FavouritesState {
        do {
            let reading = try store.write(applying: pending + changes, lockTimeout: lockTimeout)
            pending = []
            lastFailure = nil
            saved = reading.favourites
            return FavouritesState(favourites: saved, notice: reading.notice)
        } catch {
            pending += changes
            // The file may still be readable (a read-only or full file system, another
            // process's lock): what it holds stays under the changes kept in memory.
            if let reading = try? store.read() { saved = reading.favourites }
            return inMemory(because: error)
        }
    }

    /// The favourites with the unsaved changes applied, and why they are not saved:
    /// `Favourites kept in memory only: read-only file system (/path/favorites.json)`.
    private func inMemory(because error: Error) -> FavouritesState {
        let list = pending.reduce(saved) { $1.applied(to: $0) }
        let failure: (reason: String, path: String)
        if let error = error as? StorageError {
            failure = (FavouritesStore.sentence(error.reason), error.path)
        } else {
            failure = (FailureLine.of(error), knownPath.withLock { $0 })
        }
        lastFailure = failure
        return FavouritesState(favourites: list, notice: "Favourites kept in memory only: \(failure.reason) (\(failure.path))", isInMemoryOnly: true)
    }
}
