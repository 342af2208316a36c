import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Set by the SIGINT handler while `InterruptibleWait.run` waits (an atomic store is safe in a
/// signal handler).
private let interruptRequested = Atomic<Bool>(false)

/// Runs async work with Ctrl-C (SIGINT) cancelling the work instead of ending the process, so
/// the work can stop cleanly (an import keeps its finished lookups). A plain handler sets a flag
/// that a watching task reads every 100 ms; libdispatch's signal sources are not used (see
/// DECISIONS.md, "An event loop without polling").
enum InterruptibleWait {
    /// Runs `work` to its end or until Ctrl-C, then restores SIGINT's default action.
    /// - Parameter work: the work; it sees cancellation after Ctrl-C.
    /// - Returns: its result, or its error (`CancellationError` when stopped).
    static func run<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async -> Result<T, Error> {
        interruptRequested.store(false, ordering: .relaxed)
        signal(SIGINT) { _ in interruptRequested.store(true, ordering: .relaxed) }
        defer { signal(SIGINT, SIG_DFL) }
        // The value is handed over through a slot emptied on taking, not through the task's own
        // result, which the task keeps while any handle of it lives: a large value (an import's
        // marks) is then held once, and its taker can change it in place.
        let slot = Slot<T>()
        let task = Task.detached { slot.value = try await work() }
        let watcher = Task.detached {
            while !Task.isCancelled {
                if interruptRequested.load(ordering: .relaxed) { task.cancel(); return }
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
        defer { watcher.cancel() }
        do {
            try await task.value
            guard let value = slot.take() else { return .failure(CancellationError()) }
            return .success(value)
        } catch {
            return .failure(error)
        }
    }
}

/// One value, set by a task and taken once by its waiter.
private final class Slot<T>: @unchecked Sendable {
    /// The value; set before the task ends, read only after.
    var value: T?

    /// The value, the slot emptied.
    func take() -> T? {
        defer { value = nil }
        return value
    }
}
