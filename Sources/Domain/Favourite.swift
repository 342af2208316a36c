/// What a favourite is: a TV show or a place.
public enum FavouriteKind: String, Sendable, Hashable, CaseIterable {
    /// A TV show (`TVShow`).
    case show
    /// A place (`POI`).
    case place
}

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

/// What the scenes need of the favourites' storage.
///
/// Implementations are `Sendable` and do their file I/O off the main actor, one change at a
/// time in the order they were asked for.
public protocol FavouritesWorking: Sendable {
    /// Reads the favourites again (another running instance may have changed them), after the
    /// saves asked for before.
    /// - Returns: the favourites with any changes not yet saved applied, and a notice.
    func load() async -> FavouritesState
    /// Applies one change and saves it (read, merge, write under a lock); when saving fails,
    /// keeps the change in memory and says why in the notice.
    /// - Parameter change: the change.
    /// - Returns: the favourites after the change.
    func apply(_ change: FavouritesChange) async -> FavouritesState
    /// Queues one change to be saved after the ones queued before it, and returns at once.
    /// - Parameters:
    ///   - change: the change.
    ///   - completion: called on another thread with the favourites after the change.
    func save(_ change: FavouritesChange, completion: @escaping @Sendable (FavouritesState) -> Void)
    /// Blocks until the saves queued so far are done, for at most `seconds` (the app calls it
    /// as it quits).
    /// - Parameter seconds: the longest wait, in seconds.
    /// - Returns: nil when every change is saved, else one line: what is not saved, why, and
    ///   the file's path.
    func finishSaving(within seconds: Double) -> String?
}
