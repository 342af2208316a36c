/// What a watched-episodes call gives back: the value, and a one-line notice when the store
/// could not be used as usual (a database from a newer release left untouched, a damaged one
/// moved aside, marks kept in memory only because the folder cannot be written).
public struct WatchedAnswer<Value: Sendable>: Sendable {
    /// The value (marks, shows), as far as it could be read.
    public let value: Value
    /// A one-line notice naming the path and the reason, or nil.
    public let notice: String?
    /// True when changes are kept in memory only and will be lost at exit.
    public let isInMemoryOnly: Bool

    /// Makes an answer.
    /// - Parameters:
    ///   - value: the value.
    ///   - notice: a one-line notice, or nil.
    ///   - isInMemoryOnly: whether changes are kept in memory only.
    public init(value: Value, notice: String? = nil, isInMemoryOnly: Bool = false) {
        self.value = value
        self.notice = notice
        self.isInMemoryOnly = isInMemoryOnly
    }
}
