/// The effects (tasks) a set of Interactors has started and that have not finished yet.
///
/// `SceneFactory` gives one to every Interactor it makes; each use case's task is tracked in
/// it. `finished()` returns once none runs, so that a caller (a test after a key, the app
/// before it quits) can await the effects of what it asked for instead of polling the screen.
@MainActor
package final class RunningEffects {
    private var tasks: [Int: Task<Void, Never>] = [:]
    private var lastID = 0

    /// Makes an empty set.
    package nonisolated init() {}

    /// True when no tracked task runs.
    package var isIdle: Bool { tasks.isEmpty }

    /// Tracks a task until it ends.
    /// - Parameter task: a use case's task.
    /// - Returns: the same task.
    @discardableResult
    package func track(_ task: Task<Void, Never>) -> Task<Void, Never> {
        lastID += 1
        let id = lastID
        tasks[id] = task
        Task { [weak self] in
            await task.value
            self?.tasks[id] = nil
        }
        return task
    }

    /// Waits until no tracked task runs, those started meanwhile included. Work already queued
    /// on the main actor (a ViewController's request made after a display step) runs first.
    package func finished() async {
        repeat {
            while let (id, task) = tasks.min(by: { $0.key < $1.key }) {
                await task.value
                tasks[id] = nil
            }
            await Task.yield()
        } while !tasks.isEmpty
    }
}
