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
        let task = Task.detached { try await work() }
        let watcher = Task.detached {
            while !Task.isCancelled {
                if interruptRequested.load(ordering: .relaxed) { task.cancel(); return }
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
        defer { watcher.cancel() }
        do {
            return .success(try await task.value)
        } catch {
            return .failure(error)
        }
    }
}
