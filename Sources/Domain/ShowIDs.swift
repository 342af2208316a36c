/// A show's or an episode's ids at the providers that know it: TVmaze, TMDB, TheTVDB and IMDb.
/// Any of them may be unknown (nil). Exports and imports carry every one known.
public struct ProviderIDs: Sendable, Hashable {
    /// TVmaze's id (https://www.tvmaze.com/api).
    public var tvmaze: Int?
    /// The Movie Database's id (https://developer.themoviedb.org).
    public var tmdb: Int?
    /// TheTVDB's id (https://thetvdb.com), the id TV Time uses.
    public var tvdb: Int?
    /// IMDb's `tt…` id, for example `tt0121955`.
    public var imdb: String?

    /// Makes a set of ids; all unknown by default.
    /// - Parameters:
    ///   - tvmaze: TVmaze's id.
    ///   - tmdb: TMDB's id.
    ///   - tvdb: TheTVDB's id.
    ///   - imdb: IMDb's `tt…` id.
    public init(tvmaze: Int? = nil, tmdb: Int? = nil, tvdb: Int? = nil, imdb: String? = nil) {
        self.tvmaze = tvmaze
        self.tmdb = tmdb
        self.tvdb = tvdb
        self.imdb = imdb
    }

    /// True when no id is known.
    public var isEmpty: Bool { tvmaze == nil && tmdb == nil && tvdb == nil && imdb == nil }

    /// These ids with the ones `other` knows and these lack.
    /// - Parameter other: more ids of the same show or episode.
    /// - Returns: the union; where both know an id, this one's wins.
    public func filled(from other: ProviderIDs) -> ProviderIDs {
        ProviderIDs(tvmaze: tvmaze ?? other.tvmaze, tmdb: tmdb ?? other.tmdb, tvdb: tvdb ?? other.tvdb, imdb: imdb ?? other.imdb)
    }

    /// What identifies the show in a history: `tvmaze:112`, else the TMDB, TheTVDB or IMDb id
    /// in that order, else nil.
    public var identity: String? {
        if let tvmaze { return "tvmaze:\(tvmaze)" }
        if let tmdb { return "tmdb:\(tmdb)" }
        if let tvdb { return "tvdb:\(tvdb)" }
        if let imdb { return "imdb:\(imdb)" }
        return nil
    }
}
