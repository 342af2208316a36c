/// What the scenes need of the favourites' storage.
///
/// Implementations are `Sendable` and do their file I/O off the main actor, one change at a
/// time in the order they were asked for.
public protocol FavouritesWorking: Sendable {
    /// Reads the favourites again (another running instance may have changed them), after the
    /// saves asked for before.
    /// - Returns: the favourites with any changes not yet saved applied, and a notice.
    func load() async -> FavouritesState
    /// Applies one change and saves it (read, merge, write under a lock); when saving fails,
    /// keeps the change in memory and says why in the notice.
    /// - Parameter change: the change.
    /// - Returns: the favourites after the change.
    func apply(_ change: FavouritesChange) async -> FavouritesState
    /// Queues one change to be saved after the ones queued before it, and returns at once.
    /// - Parameters:
    ///   - change: the change.
    ///   - completion: called on another thread with the favourites after the change.
    func save(_ change: FavouritesChange, completion: @escaping @Sendable (FavouritesState) -> Void)
    /// Blocks until the saves queued so far are done, for at most `seconds` (the app calls it
    /// as it quits).
    /// - Parameter seconds: the longest wait, in seconds.
    /// - Returns: nil when every change is saved, else one line: what is not saved, why, and
    ///   the file's path.
    func finishSaving(within seconds: Double) -> String?
}
