import Domain
import FoundationEssentials
import Workers

/// The providers, one row each: the one place a provider is added. `--check`, the credits,
/// the fallback chains, the clients (each paced by its row's one pacer) and `--help` read it.
struct ProviderTable: Sendable {
    /// The rows, in the order `--check` and `--help` list them; within a role, `auto` tries
    /// those with a key set first (someone who set a key wants that provider's data), then
    /// the rest, each group in table order.
    let rows: [ProviderRow]

    /// The row of a provider, by name.
    /// - Parameter name: for example `.tmdb`.
    func row(_ name: ProviderName) -> ProviderRow? { rows.first { $0.name == name } }

    /// The rows of a role, in table order.
    func rows(_ role: ProviderRole) -> [ProviderRow] { rows.filter { $0.role == role } }

    /// The table with one more row, tried first within its role (a provider being added, or a
    /// test's fake one).
    func adding(_ row: ProviderRow) -> ProviderTable { ProviderTable(rows: [row] + rows) }

    /// The `--source` words of one role's providers (TV: `tmdb`, `tvmaze`; places: `geoapify`,
    /// `osm`), in the table's order.
    /// - Parameter role: the role.
    func choices(_ role: ProviderRole) -> [String] { rows(role).compactMap(\.choice) }

    /// The table the program runs with.
    static let standard = ProviderTable(rows: [
        ProviderRow(
            name: .tvmaze, role: .tv, choice: "tvmaze", about: "shows, episodes and day schedules (live), no key",
            rate: RequestPacer.Rule.tvmaze.withMargin(.milliseconds(500)), setup: StandardProviders.tvmazeSetup, tv: StandardProviders.tvmazeWorkers),
        ProviderRow(
            name: .tmdb, role: .tv, choice: "tmdb", about: "shows (live), with a TMDB key or read access token",
            notice: TMDBShowsWorker.notice, setup: StandardProviders.tmdbSetup, tv: StandardProviders.tmdbWorkers),
        ProviderRow(
            name: .geoapify, role: .places, choice: "geoapify", about: "places and city search (live), with a Geoapify key",
            setup: StandardProviders.geoapifySetup, places: StandardProviders.geoapifyWorkers),
        ProviderRow(
            name: .overpass, role: .places, choice: "osm", about: "OpenStreetMap's places (live), no key",
            timeouts: (15, 15), setup: StandardProviders.overpassSetup, places: StandardProviders.overpassWorkers),
        ProviderRow(
            name: .nominatim, role: .cities, about: "OpenStreetMap's city search (live), no key",
            rate: .nominatim, setup: StandardProviders.nominatimSetup, places: StandardProviders.nominatimWorkers),
        ProviderRow(
            name: OSRMFootWorker.provider, role: .routes, choice: "osrm",
            about: "walks by the streets (live), asked only by route (--route-source)",
            rate: .osrm),
        ProviderRow(name: .snapshot, role: .recorded, about: "shows, episodes and schedules recorded in the program"),
        ProviderRow(name: .openStreetMap, role: .recorded, about: "places recorded in the offline snapshot"),
        ProviderRow(name: .geoNames, role: .recorded, about: "the offline city list (cities of 15,000 people or more)")
    ])
}
