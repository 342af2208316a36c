/// One row of an export file as read, before its show is mapped to TVmaze: a favourite show, a
/// watched episode, a rated episode or a show's rating and settings, with whatever ids, names
/// and numbers the file gave.
public struct ImportRecord: Sendable, Hashable {
    /// What the row says.
    public enum Kind: String, Sendable, Hashable {
        /// A followed, rated or listed show.
        case favourite
        /// A watched episode.
        case watched
        /// An episode rated but not watched (discover-tui's own export).
        case rated
        /// A show's own rating and settings (discover-tui's own export).
        case show
    }

    /// Where the row is: the file's path and its line (1-based; the first line of a record that
    /// spans lines, or of a JSON item).
    public struct Origin: Sendable, Hashable, CustomStringConvertible {
        /// The file's path as given on the command line (or a zip member's `archive:member`).
        public var file: String
        /// The line, 1-based.
        public var line: Int

        /// Makes an origin.
        /// - Parameters:
        ///   - file: the file's path.
        ///   - line: the line, 1-based.
        public init(file: String, line: Int) {
            self.file = file
            self.line = line
        }

        /// `file:line`.
        public var description: String { "\(file):\(line)" }
    }

    /// A favourite or a watched episode.
    public var kind: Kind
    /// The show's ids the file gave.
    public var show: ProviderIDs
    /// The show's name the file gave (Netflix and IMDb episodes: the only way to find it).
    public var showName: String
    /// The season, where the file gave it.
    public var season: Int?
    /// The episode's number within the season, where the file gave it.
    public var number: Int?
    /// The episode's title, where the file gave it (Netflix, IMDb episodes).
    public var episodeTitle: String?
    /// The episode's ids the file gave.
    public var episode: ProviderIDs
    /// When it was watched, followed or rated, in seconds since 1970-01-01 UTC; nil when the
    /// file does not say.
    public var at: Int?
    /// The person's rating, 1–10, where the file gave one.
    public var rating: Int?
    /// When it was rated, seconds since 1970-01-01 UTC, where the file gave it.
    public var ratedAt: Int?
    /// How many times the episode was watched, where the file gave it (1 when nil).
    public var plays: Int?
    /// The latest play's time, seconds since 1970-01-01 UTC, where the file gave it.
    public var lastPlayedAt: Int?
    /// A show's settings (`show` rows), where the file gave them.
    public var settings: ShowWatchSettings?
    /// Where the row is.
    public var origin: Origin

    /// Makes a record.
    /// - Parameters: see the properties.
    public init(
        kind: Kind, show: ProviderIDs, showName: String, season: Int? = nil, number: Int? = nil, episodeTitle: String? = nil,
        episode: ProviderIDs = ProviderIDs(), at: Int? = nil, rating: Int? = nil, ratedAt: Int? = nil, plays: Int? = nil, lastPlayedAt: Int? = nil,
        settings: ShowWatchSettings? = nil, origin: Origin
    ) {
        self.ratedAt = ratedAt
        self.plays = plays
        self.lastPlayedAt = lastPlayedAt
        self.settings = settings
        self.kind = kind
        self.show = show
        self.showName = showName
        self.season = season
        self.number = number
        self.episodeTitle = episodeTitle
        self.episode = episode
        self.at = at
        self.rating = rating
        self.origin = origin
    }
}
