/// What identifies a favourite: its kind, the provider whose id it is, and that id.
///
/// Ids only mean something within a provider: TVmaze's show 82 and TMDB's show 82 are different
/// shows, and Geoapify's `place_id` and OpenStreetMap's `osm:node/…` name places differently.
public struct FavouriteKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// A show or a place.
    public let kind: FavouriteKind
    /// The provider that gave the id, for example `TVmaze`, `TMDB`, `OpenStreetMap`, `Geoapify`.
    public let provider: String
    /// The provider's id as text, for example `"82"` or `"osm:node/262402714"`.
    public let id: String

    /// Makes a key.
    /// - Parameters:
    ///   - kind: a show or a place.
    ///   - provider: the provider that gave the id.
    ///   - id: the provider's id as text.
    public init(kind: FavouriteKind, provider: String, id: String) {
        self.kind = kind
        self.provider = provider
        self.id = id
    }

    /// `kind/provider/id`, for example `show/TVmaze/82`.
    public var description: String { "\(kind.rawValue)/\(provider)/\(id)" }

    /// Orders keys by kind, provider, then id.
    public static func < (lhs: FavouriteKey, rhs: FavouriteKey) -> Bool {
        (lhs.kind.rawValue, lhs.provider, lhs.id) < (rhs.kind.rawValue, rhs.provider, rhs.id)
    }
}
