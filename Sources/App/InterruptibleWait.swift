@preconcurrency import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Set by the SIGINT handler while `InterruptibleWait.run` waits (an atomic store is safe in a
/// signal handler).
private let interruptRequested = Atomic<Bool>(false)

/// Runs async work from the synchronous command-line code and waits for it, with Ctrl-C
/// (SIGINT) cancelling the work instead of ending the process, so the work can stop cleanly
/// (an import keeps its finished lookups). A plain handler sets a flag that the waiting thread
/// reads every 100 ms; libdispatch's signal sources are not used (see DECISIONS.md, "An event
/// loop without polling").
enum InterruptibleWait {
    /// Runs `work` to its end or until Ctrl-C, then restores SIGINT's default action.
    /// - Parameter work: the work; it sees cancellation after Ctrl-C.
    /// - Returns: its result, or its error (`CancellationError` when stopped).
    static func run<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) -> Result<T, Error> {
        interruptRequested.store(false, ordering: .relaxed)
        signal(SIGINT) { _ in interruptRequested.store(true, ordering: .relaxed) }
        defer { signal(SIGINT, SIG_DFL) }
        let done = DispatchSemaphore(value: 0)
        let box = Box<T>()
        let task = Task.detached {
            let outcome: Result<T, Error>
            do {
                outcome = .success(try await work())
            } catch {
                outcome = .failure(error)
            }
            box.result.withLock { $0 = outcome }
            done.signal()
        }
        while done.wait(timeout: .now() + .milliseconds(100)) == .timedOut {
            if interruptRequested.load(ordering: .relaxed) { task.cancel() }
        }
        return box.result.withLock { $0 } ?? .failure(CancellationError())
    }

    /// The work's result, written by the task before it signals.
    private final class Box<T: Sendable>: Sendable {
        let result = Mutex<Result<T, Error>?>(nil)
    }
}
