/// One change to the favourites, applied to whatever the file holds when it is written (so
/// two running instances never undo each other's changes): add one favourite, or remove one key.
public enum FavouritesChange: Sendable, Hashable {
    /// Adds a favourite; one already there with the same key is kept as it is.
    case add(Favourite)
    /// Removes the favourite with this key, if there is one.
    case remove(FavouriteKey)

    /// The key the change concerns.
    public var key: FavouriteKey {
        switch self {
        case .add(let favourite): return favourite.key
        case .remove(let key): return key
        }
    }

    /// Applies the change to a list of favourites.
    /// - Parameter favourites: favourites with distinct keys.
    /// - Returns: the list with the favourite added at the end (if new) or removed.
    public func applied(to favourites: [Favourite]) -> [Favourite] {
        switch self {
        case .add(let favourite):
            return favourites.contains { $0.key == favourite.key } ? favourites : favourites + [favourite]
        case .remove(let key):
            return favourites.filter { $0.key != key }
        }
    }
}
