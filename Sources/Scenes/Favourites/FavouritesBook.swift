import Domain
import Foundation

/// The app's one view of the favourites while it runs, shared by every scene that shows or
/// changes them: it asks the `FavouritesWorking` Worker (whose file I/O runs off the main
/// actor), keeps the last state, and tells the scenes that observe it when the state changes,
/// so a star set in one scene shows in the others.
@MainActor
final class FavouritesBook {
    private let worker: any FavouritesWorking
    /// The favourites as last read or changed.
    private(set) var state = FavouritesState(favourites: [])
    private var observers: [(owner: Weak, handler: @MainActor (FavouritesState) -> Void)] = []

    private struct Weak {
        weak var object: AnyObject?
    }

    /// Makes a book.
    /// - Parameter worker: the favourites' storage.
    init(worker: any FavouritesWorking) {
        self.worker = worker
    }

    /// The keys of the favourites.
    var keys: Set<FavouriteKey> { state.keys }

    /// Calls a handler after every change of the state, while its owner lives.
    /// - Parameters:
    ///   - owner: the observer; the handler is dropped when it is gone.
    ///   - handler: called with the new state.
    func observe(_ owner: AnyObject, _ handler: @escaping @MainActor (FavouritesState) -> Void) {
        observers.append((Weak(object: owner), handler))
    }

    /// Reads the file again (another running instance may have changed it).
    /// - Returns: the state read.
    @discardableResult
    func reload() async -> FavouritesState {
        publish(await worker.load())
    }

    /// Adds a favourite, or removes it when its key is already a favourite.
    /// - Parameter favourite: the show or place, as it would be added.
    /// - Returns: the state after the change, and whether the favourite was added.
    func toggle(_ favourite: Favourite) async -> (state: FavouritesState, added: Bool) {
        let adding = !state.keys.contains(favourite.key)
        let change: FavouritesChange = adding ? .add(favourite) : .remove(favourite.key)
        return (publish(await worker.apply(change)), adding)
    }

    /// Removes a favourite.
    /// - Parameter key: its key.
    /// - Returns: the state after the change.
    @discardableResult
    func remove(_ key: FavouriteKey) async -> FavouritesState {
        publish(await worker.apply(.remove(key)))
    }

    private func publish(_ new: FavouritesState) -> FavouritesState {
        state = new
        observers.removeAll { $0.owner.object == nil }
        for observer in observers { observer.handler(new) }
        return new
    }
}

/// How a show or a place becomes a favourite: its key and what the favourites list shows of it.
enum FavouriteEntry {
    /// The provider of shows from TVmaze (live, embedded snapshot, or a snapshot file in
    /// TVmaze's format).
    static let tvmaze = "TVmaze"

    /// A show as a favourite: subtitle `2011–2019 · HBO` (years, then the network or web channel).
    /// - Parameters:
    ///   - show: the show.
    ///   - provider: the provider whose id `show.id` is.
    ///   - now: seconds since 1970-01-01 UTC.
    /// - Returns: the favourite.
    static func show(_ show: TVShow, provider: String, now: Int = Int(Date().timeIntervalSince1970)) -> Favourite {
        var parts = [ShowFormatting.years(show)]
        if let name = show.broadcaster?.name, !name.isEmpty { parts.append(name) }
        return Favourite(key: FavouriteKey(kind: .show, provider: provider, id: String(show.id)), name: show.name,
                         subtitle: parts.joined(separator: " · "), addedAt: now)
    }

    /// A place as a favourite: subtitle `Café · Divan Yolu Caddesi` (category, first address
    /// line), and its coordinates. OpenStreetMap ids (`osm:…`) are OpenStreetMap's whichever
    /// service gave them (Overpass, the snapshot); others are the source's.
    /// - Parameters:
    ///   - poi: the place.
    ///   - now: seconds since 1970-01-01 UTC.
    /// - Returns: the favourite.
    static func place(_ poi: POI, now: Int = Int(Date().timeIntervalSince1970)) -> Favourite {
        var parts: [String] = []
        if let category = poi.categories.first { parts.append(category.displayName) }
        if let line = poi.addressLines.first, !line.isEmpty { parts.append(line) }
        return Favourite(key: FavouriteKey(kind: .place, provider: placeProvider(poi), id: poi.id), name: poi.name ?? "",
                         subtitle: parts.joined(separator: " · "), coordinate: poi.coordinate, addedAt: now)
    }

    /// The provider whose id a place's id is.
    static func placeProvider(_ poi: POI) -> String {
        if poi.id.hasPrefix("osm:") { return "OpenStreetMap" }
        return poi.source.provider
    }
}
