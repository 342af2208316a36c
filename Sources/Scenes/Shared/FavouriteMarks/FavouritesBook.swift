import Dispatch
import Domain
import FoundationEssentials

/// The app's one view of the favourites while it runs, shared by every scene that shows or
/// changes them: it keeps the state, tells the scenes that observe it when the state changes
/// (so a star set in one scene shows in the others), and hands each change to the
/// `FavouritesWorking` Worker, whose file I/O runs off the main actor.
///
/// A change applies to the state at once, on the main actor, and its save is queued behind the
/// earlier ones: `f` pressed twice quickly adds and then removes, whatever the saves are doing,
/// and the file ends with the state the keys asked for. States the Worker returns (a save done,
/// a file read again) have the changes whose saves have not returned yet applied on top.
@MainActor
package final class FavouritesBook {
    private let worker: any FavouritesWorking
    /// The favourites as last read or changed.
    private(set) var state = FavouritesState(favourites: [])
    private var observers: [(owner: Weak, handler: @MainActor (FavouritesState) -> Void)] = []
    /// Changes handed to the Worker whose saves have not returned yet, with their numbers.
    private var unsaved: [(number: Int, change: FavouritesChange)] = []
    private var lastNumber = 0
    /// Callers of `saved()` waiting for the queued saves to return.
    private var savedWaiters: [CheckedContinuation<Void, Never>] = []

    private struct Weak {
        weak var object: AnyObject?
    }

    /// Makes a book.
    /// - Parameter worker: the favourites' storage.
    package init(worker: any FavouritesWorking) {
        self.worker = worker
    }

    /// The keys of the favourites.
    var keys: Set<FavouriteKey> { state.keys }

    /// Calls a handler after every change of the state, while its owner lives.
    /// - Parameters:
    ///   - owner: the observer; the handler is dropped when it is gone.
    ///   - handler: called with the new state.
    func observe(_ owner: AnyObject, _ handler: @escaping @MainActor (FavouritesState) -> Void) {
        observers.append((Weak(object: owner), handler))
    }

    /// Reads the file again (another running instance may have changed it), after the saves
    /// asked for before.
    /// - Returns: the state read, with the changes not saved yet applied.
    @discardableResult
    package func reload() async -> FavouritesState {
        publish(overlaid(await worker.load()))
    }

    /// Adds a favourite, or removes it when its key is already a favourite: the state changes
    /// at once and the save is queued.
    /// - Parameters:
    ///   - favourite: the show or place, as it would be added.
    ///   - saved: called when the save is done, with the state then and whether the favourite
    ///     was added.
    /// - Returns: whether the favourite was added.
    @discardableResult
    func toggle(_ favourite: Favourite, saved: @escaping @MainActor (FavouritesState, Bool) -> Void = { _, _ in }) -> Bool {
        let adding = !state.keys.contains(favourite.key)
        change(adding ? .add(favourite) : .remove(favourite.key)) { saved($0, adding) }
        return adding
    }

    /// Removes a favourite: the state changes at once and the save is queued.
    /// - Parameters:
    ///   - key: its key.
    ///   - saved: called when the save is done, with the state then.
    func remove(_ key: FavouriteKey, saved: @escaping @MainActor (FavouritesState) -> Void = { _ in }) {
        change(.remove(key), saved: saved)
    }

    /// Waits until every queued save has returned (the file holds the state the changes asked
    /// for, or the state says why it does not).
    func saved() async {
        guard !unsaved.isEmpty else { return }
        await withCheckedContinuation { savedWaiters.append($0) }
    }

    /// Waits for the queued saves as the app quits (blocking the main thread; the saves run
    /// on the Worker's own queue).
    /// - Parameter seconds: the longest wait, in seconds.
    /// - Returns: nil when everything is saved, else one line saying what is not and why.
    package func finishSaving(within seconds: Double) -> String? {
        worker.finishSaving(within: seconds)
    }

    private func change(_ change: FavouritesChange, saved: @escaping @MainActor (FavouritesState) -> Void) {
        lastNumber += 1
        let number = lastNumber
        unsaved.append((number, change))
        // A notice of a problem still standing stays; one about an earlier read does not.
        publish(
            FavouritesState(
                favourites: change.applied(to: state.favourites),
                notice: state.isInMemoryOnly ? state.notice : nil, isInMemoryOnly: state.isInMemoryOnly))
        worker.save(change) { [weak self] result in
            // The main queue runs blocks in the order they were queued, as the saves returned.
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard let self else { return }
                    self.unsaved.removeAll { $0.number <= number }
                    saved(self.publish(self.overlaid(result)))
                    if self.unsaved.isEmpty {
                        let waiters = self.savedWaiters
                        self.savedWaiters = []
                        for waiter in waiters { waiter.resume() }
                    }
                }
            }
        }
    }

    /// A state from the Worker with the changes not saved yet applied on top (applying a
    /// change twice does nothing more).
    private func overlaid(_ new: FavouritesState) -> FavouritesState {
        guard !unsaved.isEmpty else { return new }
        let list = unsaved.reduce(new.favourites) { $1.change.applied(to: $0) }
        return FavouritesState(favourites: list, notice: new.notice, isInMemoryOnly: new.isInMemoryOnly)
    }

    @discardableResult
    private func publish(_ new: FavouritesState) -> FavouritesState {
        state = new
        observers.removeAll { $0.owner.object == nil }
        for observer in observers { observer.handler(new) }
        return new
    }
}
