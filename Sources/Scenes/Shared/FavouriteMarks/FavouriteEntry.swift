import Domain

/// How a show or a place becomes a favourite: its key and what the favourites list shows of it.
package enum FavouriteEntry {
    /// The provider of shows from TVmaze (live, embedded snapshot, or a snapshot file in
    /// TVmaze's format).
    package static let tvmaze = ProviderName.tvmaze.name

    /// A show as a favourite: subtitle `2011–2019 · HBO` (years, then the network or web channel).
    /// - Parameters:
    ///   - show: the show.
    ///   - provider: the provider whose id `show.id` is.
    ///   - now: seconds since 1970-01-01 UTC.
    /// - Returns: the favourite.
    package static func show(_ show: TVShow, provider: String, now: Int) -> Favourite {
        var parts = [ShowFormatting.years(show)]
        if let name = show.broadcaster?.name, !name.isEmpty { parts.append(name) }
        return Favourite(
            key: FavouriteKey(kind: .show, provider: provider, id: String(show.id)), name: ShowFormatting.capped(show.name),
            subtitle: parts.joined(separator: " · "), addedAt: now)
    }

    /// A place as a favourite: subtitle `Café · Divan Yolu Caddesi` (category, first address
    /// line), and its coordinates. OpenStreetMap ids (`osm:…`) are OpenStreetMap's whichever
    /// service gave them (Overpass, the snapshot); others are the source's.
    /// - Parameters:
    ///   - poi: the place.
    ///   - now: seconds since 1970-01-01 UTC.
    /// - Returns: the favourite.
    package static func place(_ poi: POI, now: Int) -> Favourite {
        var parts: [String] = []
        if let category = poi.categories.first { parts.append(category.displayName) }
        if let line = poi.addressLines.first, !line.isEmpty { parts.append(line) }
        return Favourite(
            key: FavouriteKey(kind: .place, provider: placeProvider(poi), id: poi.id), name: ShowFormatting.capped(poi.name ?? ""),
            subtitle: parts.joined(separator: " · "), coordinate: poi.coordinate, addedAt: now)
    }

    /// The provider whose id a place's id is.
    static func placeProvider(_ poi: POI) -> String {
        if poi.id.hasPrefix("osm:") { return ProviderName.openStreetMap.name }
        return poi.source.provider.name
    }
}
