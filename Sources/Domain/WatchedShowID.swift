/// The show a watched mark belongs to, as one provider knows it: `TVmaze` 82 is Game of
/// Thrones on TVmaze, `TMDB` 1399 the same show on TMDB.
public struct WatchedShowID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The provider's name (`ProviderName.tvmaze` or `ProviderName.tmdb`).
    public let provider: String
    /// The provider's id for the show.
    public let id: Int

    /// Makes a show id.
    /// - Parameters:
    ///   - provider: the provider's name.
    ///   - id: the provider's id for the show.
    public init(provider: String, id: Int) {
        self.provider = provider
        self.id = id
    }

    /// `TVmaze/82`.
    public var description: String { "\(provider)/\(id)" }

    /// By provider, then id.
    public static func < (lhs: WatchedShowID, rhs: WatchedShowID) -> Bool {
        (lhs.provider, lhs.id) < (rhs.provider, rhs.id)
    }
}
