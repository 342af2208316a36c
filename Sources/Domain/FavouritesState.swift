/// The favourites as last read or written, and what went wrong on the way, if anything.
public struct FavouritesState: Sendable, Equatable {
    /// The favourites, in the order they were added.
    public let favourites: [Favourite]
    /// A one-line notice for the status bar (a corrupt file moved aside, a file that cannot be
    /// written so favourites are kept in memory), or nil.
    public let notice: String?
    /// True while changes are kept in memory only, because the file could not be written.
    public let isInMemoryOnly: Bool

    /// Makes a state.
    /// - Parameters:
    ///   - favourites: the favourites, in the order they were added.
    ///   - notice: a one-line notice, or nil.
    ///   - isInMemoryOnly: true when changes are not saved.
    public init(favourites: [Favourite], notice: String? = nil, isInMemoryOnly: Bool = false) {
        self.favourites = favourites
        self.notice = notice
        self.isInMemoryOnly = isInMemoryOnly
    }

    /// The keys of the favourites.
    public var keys: Set<FavouriteKey> { Set(favourites.map(\.key)) }
}
