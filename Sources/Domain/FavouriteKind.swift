/// What a favourite is: a TV show or a place.
public enum FavouriteKind: String, Sendable, Hashable, CaseIterable {
    /// A TV show (`TVShow`).
    case show
    /// A place (`POI`).
    case place
}
