import Domain
import FoundationEssentials
import Workers

/// One provider: its typed name (which carries its credit), what it serves, its notice, its
/// pace and timeouts, its settings and probe, and the functions that make its Workers.
struct ProviderRow: Sendable {
    /// The provider's name and credit (`ProviderName.credit`: a row cannot be made without one).
    let name: ProviderName
    /// What it serves.
    let role: ProviderRole
    /// The `--source` word that names it alone (`tmdb`, `tvmaze`, `geoapify`, `osm`), or nil.
    var choice: String?
    /// What it is, for `--help`: `shows, with a key`.
    var about: String
    /// The notice `--check` prints when the settings use it (TMDB's terms), or nil.
    var notice: String?
    /// Its published request rate, kept by the shared `RequestPacer`, or nil for none.
    var rate: RequestPacer.Rule?
    /// The longest wait for a whole call, retries included, in seconds, when it is the only
    /// source, and when another stands behind it (waited for less long).
    var timeouts: (alone: Double, inChain: Double) = (15, 8)
    /// Its settings and probe; nil for recorded data, which `--check` does not ask.
    var setup: ProviderSetup?
    /// Its TV Workers; nil for a provider of places or cities.
    var tv: TVWorkers?
    /// Its places, streets and city search Workers; nil for a TV provider.
    var places: PlacesWorkers?
}
