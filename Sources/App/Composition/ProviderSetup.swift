import Domain
import FoundationEssentials
import Workers

/// How a provider is set up and asked (its settings, its key, its probe), in `--check` words.
struct ProviderSetup: Sendable {
    /// The settings table's rows of its key, for example `tmdb-read-access-token`; empty when
    /// it needs none.
    var keySettings: [String] = []
    /// The settings table's row of its base URL, for example `tmdb-base`; nil when none.
    var baseURLSetting: String?
    /// What `--check` says of its key: `key set (env TMDB_API_KEY)`, `no key needed`.
    var configured: @Sendable (AppOptions) -> String = { _ in "no key needed" }
    /// Its base URL under the settings, or nil when it cannot be asked.
    var baseURL: @Sendable (AppOptions) -> URL?
    /// The `--check` probe: one small request to the base URL; nil to say why it was not
    /// asked (`no key`).
    var probe: @Sendable (AppOptions, URL, any HTTPFetching) -> (@Sendable () async throws -> Void)?
}
