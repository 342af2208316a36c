import Domain
import Foundation

/// The favourites for the scenes: `FavouritesStore` on the app's data folder, with the file
/// I/O on this actor (off the main actor), and the changes kept in memory when they cannot be
/// saved.
///
/// When the data folder cannot be made, or a write fails (read-only file system, disk full,
/// permission), the change still applies in memory and the state's notice says why, naming
/// the path; the file on disk is left as it was. Changes not yet saved are applied again, in
/// order, at the next successful write (each is "add one" or "remove one", so applying them to
/// a newer file loses nothing another instance wrote).
public actor FavouritesWorker: FavouritesWorking {
    private let makeStore: @Sendable () throws -> FavouritesStore
    private var store: FavouritesStore?
    /// The file's favourites as last read or written.
    private var saved: [Favourite] = []
    /// Changes not saved yet, in order.
    private var pending: [FavouritesChange] = []

    /// Makes a worker on a store.
    /// - Parameter store: the store.
    public init(store: FavouritesStore) {
        self.makeStore = { store }
        self.store = store
    }

    /// Makes a worker on the app's data folder (`$XDG_DATA_HOME/discover`, by default
    /// `~/.local/share/discover`), made on first use; when it cannot be made, favourites are
    /// kept in memory and the notice says why.
    /// - Parameter environment: the environment (`XDG_DATA_HOME`, `HOME`).
    public init(environment: [String: String]) {
        self.makeStore = { try FavouritesStore.standard(environment: environment) }
        self.store = nil
    }

    /// The store, made when first needed.
    private func currentStore() throws -> FavouritesStore {
        if let store { return store }
        let made = try makeStore()
        store = made
        return made
    }

    /// Reads the file again; first saves the changes kept in memory, if any, when it now can.
    /// - Returns: the favourites (with any unsaved changes applied) and a notice: a corrupt
    ///   file moved aside, or why favourites are kept in memory only (path and reason).
    public func load() async -> FavouritesState {
        do {
            let store = try currentStore()
            if !pending.isEmpty {
                // Try to save what is waiting; a failure keeps it waiting.
                return save(store: store, changes: [])
            }
            let reading = try store.read()
            saved = reading.favourites
            return FavouritesState(favourites: saved, notice: reading.notice)
        } catch {
            return inMemory(because: error)
        }
    }

    /// Applies a change to the file as it is now (with any earlier unsaved changes first).
    /// - Parameter change: add one favourite or remove one key.
    /// - Returns: the favourites after the change; when it could not be saved, `isInMemoryOnly`
    ///   and a notice naming the path and the reason.
    public func apply(_ change: FavouritesChange) async -> FavouritesState {
        do {
            let store = try currentStore()
            return save(store: store, changes: [change])
        } catch {
            pending.append(change)
            return inMemory(because: error)
        }
    }

    private func save(store: FavouritesStore, changes: [FavouritesChange]) -> FavouritesState {
        do {
            let reading = try store.write(applying: pending + changes)
            pending = []
            saved = reading.favourites
            return FavouritesState(favourites: saved, notice: reading.notice)
        } catch {
            pending += changes
            // The file may still be readable (a read-only or full file system): what it holds
            // stays under the changes kept in memory.
            if let reading = try? store.read() { saved = reading.favourites }
            return inMemory(because: error)
        }
    }

    /// The favourites with the unsaved changes applied, and why they are not saved.
    private func inMemory(because error: Error) -> FavouritesState {
        let list = pending.reduce(saved) { $1.applied(to: $0) }
        let reason: String
        if let error = error as? StorageError {
            reason = "\(error.path): \(error.reason)"
        } else {
            reason = String(describing: error)
        }
        return FavouritesState(favourites: list, notice: "Favourites kept in memory only (\(reason))", isInMemoryOnly: true)
    }
}
