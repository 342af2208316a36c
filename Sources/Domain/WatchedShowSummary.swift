/// A show with at least one watched mark, as the store lists them.
public struct WatchedShowSummary: Sendable, Hashable {
    /// The show.
    public let show: WatchedShowID
    /// Its name as last marked.
    public let name: String
    /// How many episodes are marked.
    public let markCount: Int
    /// When the latest mark was made, seconds since 1970-01-01 UTC.
    public let lastMarkedAt: Int

    /// Makes a summary.
    /// - Parameters:
    ///   - show: the show.
    ///   - name: its name.
    ///   - markCount: how many episodes are marked.
    ///   - lastMarkedAt: the latest mark's time, seconds since 1970-01-01 UTC.
    public init(show: WatchedShowID, name: String, markCount: Int, lastMarkedAt: Int) {
        self.show = show
        self.name = name
        self.markCount = markCount
        self.lastMarkedAt = lastMarkedAt
    }
}
