import Domain
import FoundationEssentials
import Synchronization

/// A catalogue loaded once and shared (the embedded snapshot serves two lists: the recorded
/// week's shows and every show), loaded on first use from any thread.
public final class SharedCatalog: Sendable {
    private let state: Mutex<Result<ShowCatalog, SourceError>?>
    private let load: @Sendable () throws -> ShowCatalog

    /// Makes a shared catalogue.
    /// - Parameter load: loads it; its `SourceError` is kept and thrown to every caller.
    public init(load: @escaping @Sendable () throws -> ShowCatalog) {
        self.load = load
        self.state = Mutex(nil)
    }

    /// The catalogue, loaded by the first caller.
    /// - Throws: the loader's `SourceError` (any other error as `.badData`).
    public func get() throws -> ShowCatalog {
        let result = state.withLock { kept -> Result<ShowCatalog, SourceError> in
            if let kept { return kept }
            let made: Result<ShowCatalog, SourceError>
            do {
                made = .success(try load())
            } catch let error as SourceError {
                made = .failure(error)
            } catch {
                made = .failure(.badData(provider: ShowCatalog.embeddedProvider, reason: "unreadable"))
            }
            kept = made
            return made
        }
        return try result.get()
    }
}
