import FoundationEssentials

/// A failure as the one line a person reads, never the error's own debug text (no
/// `unusable(path: …)`, no `transport("…")`): the stores' sentences naming their file, an
/// import file's line, a request's cause in words.
public enum FailureLine {
    /// The sentence for a failure of the stores, an import or a request.
    /// - Parameter error: what was thrown.
    /// - Returns: one line, for example `the disk holding /home/ana/.local/share/discover-tui/
    ///   watched.sqlite3 is full: the mark was not saved`; `an unexpected failure` for an error
    ///   this does not know.
    public static func of(_ error: any Error) -> String {
        switch error {
        case let error as WatchedStoreError: return error.line
        case let error as StorageError: return "\(error.path): \(FavouritesStore.sentence(error.reason))"
        case let error as ImportError: return error.description
        case let error as ShowMatcher.Unreachable: return error.description
        case let error as HTTPError: return words(error)
        case is CancellationError: return "stopped"
        case let error as CocoaError: return FileReason.describe(error)
        case let error as POSIXError: return FileReason.describe(error)
        default: return "an unexpected failure"
        }
    }

    /// A request's failure in words: `no answer within 30 s`, or the transport's cause.
    /// - Parameter error: the failure.
    public static func words(_ error: HTTPError) -> String {
        switch error {
        case .timedOut(let seconds): return "no answer within \(Int(max(1, seconds.rounded()))) s"
        case .transport(let reason), .permanent(let reason): return reason
        case .cancelled: return "the request was cancelled"
        }
    }
}
