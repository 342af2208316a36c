/// A row an import could not turn into a favourite or a mark, and why: nothing is guessed
/// silently, so such rows are listed (and written to a file the person can fix).
public struct ImportProblem: Sendable, Hashable {
    /// Whether no show or episode was found, or more than one.
    public enum Kind: String, Sendable, Hashable {
        /// Nothing matched.
        case unmatched
        /// Several matched equally well.
        case ambiguous
    }

    /// The row.
    public var record: ImportRecord
    /// Unmatched or ambiguous.
    public var kind: Kind
    /// Why, in a few words (`no TVmaze show has TheTVDB id 75897`).
    public var reason: String
    /// True when only a TVmaze lookup left out by `--offline` stands between the row and a
    /// match: running the import again online finishes it.
    public var needsTVmaze: Bool

    /// Makes a problem.
    /// - Parameters:
    ///   - record: the row.
    ///   - kind: unmatched or ambiguous.
    ///   - reason: why.
    ///   - needsTVmaze: true when a lookup left out offline is all the row lacks.
    public init(record: ImportRecord, kind: Kind, reason: String, needsTVmaze: Bool = false) {
        self.record = record
        self.kind = kind
        self.reason = reason
        self.needsTVmaze = needsTVmaze
    }
}
