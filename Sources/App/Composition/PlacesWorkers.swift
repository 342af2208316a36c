import Domain
import FoundationEssentials
import Workers

/// The functions that make a places provider's Workers (its places, the streets under the
/// map, its city search), each given the provider's resilient HTTP client. Each takes the
/// settings and the environment (where a key may be set) and answers nil when the provider
/// cannot be used with them (no key, no base URL).
struct PlacesWorkers: Sendable {
    /// Makes a Worker over the provider's client.
    typealias Make<Worker> = @Sendable (any HTTPFetching) -> Worker

    /// True when the settings let `auto` try this provider (Geoapify with a key; Overpass always).
    var usableInAuto: @Sendable (AppOptions, [String: String]) -> Bool = { _, _ in true }
    /// Why `--source NAME` cannot use it, or nil when it can (`--source geoapify needs a
    /// Geoapify API key …`).
    var missing: @Sendable (AppOptions, [String: String]) -> String? = { _, _ in nil }
    /// The longest wait for a first byte, in seconds (the whole call's for a provider that
    /// sends nothing until its query has run).
    var requestTimeout: Double = 5
    /// The places near a point; nil for a provider of cities alone.
    var places: @Sendable (AppOptions, [String: String]) -> Make<any POIsWorking>? = { _, _ in nil }
    /// The streets, water, parks and railways under the map, when the provider has them.
    var streets: @Sendable (AppOptions, [String: String]) -> Make<any StreetsWorking>? = { _, _ in nil }
    /// Its live city search (asked on Enter in the city picker), when it has one.
    var cities: @Sendable (AppOptions, [String: String]) -> Make<any CitySearching>? = { _, _ in nil }
}
