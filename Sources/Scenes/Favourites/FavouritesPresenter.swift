import Domain
import FoundationEssentials

/// Formats the favourites for the Favourites view (the scene's only formatting).
@MainActor
package final class FavouritesPresenter: FavouritesPresentationLogic {
    package weak var viewController: FavouritesDisplayLogic?

    package func presentFavourites(response: Favourites.LoadFavourites.Response) {
        let rows = response.favourites.map { favourite in
            let name = Self.name(favourite)
            return Favourites.LoadFavourites.ViewModel.Row(
                id: favourite.key.description,
                kind: favourite.key.kind == .show ? "Show" : "Place",
                name: name.text,
                nameIsPlaceholder: name.isPlaceholder,
                subtitle: favourite.subtitle.isEmpty ? ShowFormatting.missing : favourite.subtitle,
                added: String(Self.time(favourite.addedAt).prefix(10))
            )
        }
        let shows = response.favourites.filter { $0.key.kind == .show }.count
        let places = response.favourites.count - shows
        let count =
            response.isLoading
            ? "reading favourites…"
            : "\(shows) \(shows == 1 ? "show" : "shows") · \(places) \(places == 1 ? "place" : "places")"
        var empty: String?
        if rows.isEmpty {
            empty = response.isLoading ? "Reading favourites…" : "No favourites yet. Press f on a show or a place to add it."
        }
        var status: String?
        if let notice = response.notice {
            status = notice
        } else if let removed = response.removedName {
            status = "Removed \(removed.isEmpty ? "an unnamed item" : "“\(ShowFormatting.capped(removed))”") from favourites"
        }
        viewController?.displayFavourites(
            viewModel: .init(
                rows: rows, countLabel: count, emptyMessage: empty,
                statusMessage: status, statusIsError: response.notice != nil,
                credit: "Favourites are kept in favorites.json in Discover's data folder",
                continueHint: response.newEpisodes > 0 ? ContinuePresenter.title(newCount: response.newEpisodes) : nil
            ))
    }

    package func presentOpenFavourite(response: Favourites.OpenFavourite.Response) {
        let favourite = response.favourite
        let missing = ShowFormatting.missing
        var facts: [Favourites.OpenFavourite.ViewModel.Fact] = [
            .init(label: "Kind", value: favourite.key.kind == .show ? "Show" : "Place"),
            .init(label: "Provider", value: favourite.key.provider),
            .init(label: "Id", value: favourite.key.id)
        ]
        if favourite.key.kind == .place {
            facts.append(
                .init(
                    label: "Coordinates",
                    value: favourite.coordinate.map {
                        CoordinateText.decimal($0, decimals: 5, separator: ",")
                    } ?? missing))
        }
        facts.append(.init(label: "Added", value: Self.time(favourite.addedAt)))
        viewController?.displayOpenFavourite(
            viewModel: .init(
                id: favourite.key.description,
                title: Self.name(favourite).text,
                subtitle: favourite.subtitle.isEmpty ? missing : favourite.subtitle,
                facts: facts,
                opensShowDetail: response.opensShowDetail
            ))
    }

    /// `2026-11-29 14:30 UTC` for seconds since 1970-01-01 UTC.
    static func time(_ seconds: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        func pad(_ value: Int?, _ width: Int) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2)) \(pad(parts.hour, 2)):\(pad(parts.minute, 2)) UTC"
    }

    private static func name(_ favourite: Favourite) -> (text: String, isPlaceholder: Bool) {
        let trimmed = ShowFormatting.capped(favourite.name).trimming(.whitespacesAndNewlines)
        if !trimmed.isEmpty { return (trimmed, false) }
        return (favourite.key.kind == .show ? "(untitled)" : "Unnamed place", true)
    }

    /// Makes one with its parts unset; the composition root (`SceneFactory`) sets them.
    package init() {}
}
