/// A show or place the person marked with `f`, with what the favourites list needs to show it
/// without asking any source (offline): its name, a subtitle, the coordinates of a place, and
/// when it was added.
public struct Favourite: Sendable, Hashable, Identifiable {
    /// Kind, provider and id: what makes two favourites the same.
    public let key: FavouriteKey
    /// The name when it was added, as the source gave it (may be empty; sanitised on screen).
    public let name: String
    /// A line under the name when it was added: years and network for a show
    /// (`2011–2019 · HBO`), category and address for a place (`Café · Divan Yolu Caddesi`).
    public let subtitle: String
    /// Where a place is; nil for a show.
    public let coordinate: Coordinate?
    /// When it was added, in seconds since 1970-01-01 UTC (whole seconds).
    public let addedAt: Int

    /// The key: favourites are identified by kind, provider and id.
    public var id: FavouriteKey { key }

    /// Makes a favourite.
    /// - Parameters:
    ///   - key: kind, provider and id.
    ///   - name: the name.
    ///   - subtitle: the line under the name.
    ///   - coordinate: where a place is; nil for a show.
    ///   - addedAt: when it was added, seconds since 1970-01-01 UTC.
    public init(key: FavouriteKey, name: String, subtitle: String, coordinate: Coordinate? = nil, addedAt: Int) {
        self.key = key
        self.name = name
        self.subtitle = subtitle
        self.coordinate = coordinate
        self.addedAt = addedAt
    }

    /// The list order: newest first; favourites added in the same second, the one added last
    /// first (the order of adding, which the file keeps).
    /// - Parameter favourites: favourites in the order they were added.
    /// - Returns: the favourites newest first.
    public static func newestFirst(_ favourites: [Favourite]) -> [Favourite] {
        favourites.enumerated().sorted { lhs, rhs in
            lhs.element.addedAt != rhs.element.addedAt ? lhs.element.addedAt > rhs.element.addedAt : lhs.offset > rhs.offset
        }.map(\.element)
    }
}
