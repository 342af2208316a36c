/// Shows like one show, best first, with where the list came from and how it was made.
public struct SimilarShows: Sendable, Hashable {
    /// How the list was made.
    public enum Basis: Sendable, Hashable {
        /// The provider's recommendations (TMDB `/3/tv/{id}/recommendations`).
        case recommendations
        /// The provider's similar shows (TMDB `/3/tv/{id}/similar`), when it recommends none.
        case similar
        /// A score worked out here over the catalogue the app holds (`ShowSimilarity`).
        case localScore
    }

    /// One show of the list.
    public struct Entry: Sendable, Hashable {
        /// The show.
        public let show: TVShow
        /// Why it is listed, for a local score: `Drama · HBO · 2 shared cast`; nil for a
        /// provider's list, which gives no reason.
        public let reason: String?

        /// Makes an entry.
        /// - Parameters:
        ///   - show: the show.
        ///   - reason: why it is listed, if known.
        public init(show: TVShow, reason: String?) {
            self.show = show
            self.reason = reason
        }
    }

    /// The shows, best first.
    public let entries: [Entry]
    /// How the list was made.
    public let basis: Basis
    /// Where it came from.
    public let source: DataSource

    /// Makes a list.
    /// - Parameters: one per property.
    public init(entries: [Entry], basis: Basis, source: DataSource) {
        self.entries = entries
        self.basis = basis
        self.source = source
    }

    /// What a local score says of itself, on screen and in `--json`.
    public static let localLabel = "by genre, network and cast, worked out here"
}
