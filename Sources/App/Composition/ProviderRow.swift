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
    /// Its published request rate, kept by `pacer`, or nil for none.
    let rate: RequestPacer.Rule?
    /// The provider's one pacer, made with the row from `rate` (without a rate it never holds a
    /// request back). Every client of the provider is made by `client(totalSeconds:authorities:)`
    /// and waits here for its turns, whatever scene or command made it, so that all the
    /// program's requests to the provider count against its one published rate.
    let pacer: RequestPacer
    /// The longest wait for a whole call, retries included, in seconds, when it is the only
    /// source, and when another stands behind it (waited for less long).
    var timeouts: (alone: Double, inChain: Double) = (15, 8)
    /// Its settings and probe; nil for recorded data, which `--check` does not ask.
    var setup: ProviderSetup?
    /// Its TV Workers; nil for a provider of places or cities.
    var tv: TVWorkers?
    /// Its places, streets and city search Workers; nil for a TV provider.
    var places: PlacesWorkers?

    /// Makes a row, and with it the provider's pacer.
    /// - Parameters:
    ///   - name: the provider's name and credit.
    ///   - role: what it serves.
    ///   - choice: the `--source` word that names it alone, or nil.
    ///   - about: what it is, for `--help`.
    ///   - notice: the notice `--check` prints when the settings use it, or nil.
    ///   - rate: its published request rate, or nil for none.
    ///   - timeouts: the longest wait for a whole call alone and in a chain, in seconds.
    ///   - setup: its settings and probe; nil for recorded data.
    ///   - tv: its TV Workers; nil for a provider of places or cities.
    ///   - places: its places, streets and city search Workers; nil for a TV provider.
    init(
        name: ProviderName, role: ProviderRole, choice: String? = nil, about: String, notice: String? = nil,
        rate: RequestPacer.Rule? = nil, timeouts: (alone: Double, inChain: Double) = (15, 8), setup: ProviderSetup? = nil,
        tv: TVWorkers? = nil, places: PlacesWorkers? = nil
    ) {
        self.name = name
        self.role = role
        self.choice = choice
        self.about = about
        self.notice = notice
        self.rate = rate
        pacer = RequestPacer(rules: rate.map { [name.name: $0] } ?? [:])
        self.timeouts = timeouts
        self.setup = setup
        self.tv = tv
        self.places = places
    }

    /// The provider's client: libcurl made resilient (`ResilientHTTPClient.live`), paced by the
    /// row's one `pacer`.
    /// - Parameters:
    ///   - requestTimeout: the longest wait for the connection or the next byte, in seconds
    ///     (default 5).
    ///   - totalSeconds: the longest a call may take, every try included, in seconds.
    ///   - authorities: the certificate authorities to trust (the settings' choice).
    /// - Returns: the client.
    func client(requestTimeout: Double = 5, totalSeconds: Double, authorities: CertificateAuthorities) -> ResilientHTTPClient {
        ResilientHTTPClient.live(provider: name, requestTimeout: requestTimeout, totalSeconds: totalSeconds, authorities: authorities, pacer: pacer)
    }
}
