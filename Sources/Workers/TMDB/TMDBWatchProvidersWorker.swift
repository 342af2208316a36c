import Domain
import FoundationEssentials

/// Where a show can be watched, from the live TMDB API (needs a key):
/// `GET /3/tv/{id}/watch/providers`, one country's entry. The data is JustWatch's
/// (`WatchProviders.attribution`).
///
/// This product uses the TMDB API but is not endorsed or certified by TMDB.
public struct TMDBWatchProvidersWorker: WatchProvidersWorking {
    private let api: TMDBShowsWorker

    /// Makes a worker.
    /// - Parameters:
    ///   - credential: the API key or read access token.
    ///   - baseURL: the API's base URL (tests use a loopback server).
    ///   - http: the HTTP client.
    public init(credential: TMDBCredential, baseURL: URL, http: any HTTPFetching) {
        api = TMDBShowsWorker(credential: credential, baseURL: baseURL, http: http)
    }

    /// The country's offers in JustWatch's display order; see
    /// `WatchProvidersWorking.watchProviders(showID:countryCode:)`.
    /// - Returns: nil when TMDB lists nothing for the country (or has no such show: 404).
    /// - Throws: `SourceError` as `TMDBShowsWorker.popularShows(page:)`.
    public func watchProviders(showID: Int, countryCode: String) async throws -> WatchProviders? {
        let data: Data
        do {
            data = try await api.fetch(path: "3/tv/\(showID)/watch/providers", query: [])
        } catch SourceError.notFound {
            return nil
        }
        let dto = try ProviderResponse.decode(TMDBDTO.WatchProviders.self, from: data, provider: TMDBShowsWorker.provider)
        let code = countryCode.uppercased()
        guard let country = dto.results[code] else { return nil }
        func names(_ list: [TMDBDTO.WatchProviders.Service]) -> [String] {
            list.enumerated().sorted { ($0.element.priority ?? Int.max, $0.offset) < ($1.element.priority ?? Int.max, $1.offset) }
                .compactMap(\.element.name)
        }
        let offers: [(WatchProviders.Offer, [TMDBDTO.WatchProviders.Service])] = [
            (.stream, country.flatrate), (.free, country.free), (.ads, country.ads), (.rent, country.rent), (.buy, country.buy)
        ]
        let groups = offers.map { (offer: $0.0, services: names($0.1)) }.filter { !$0.services.isEmpty }
        return WatchProviders(countryCode: code, groups: groups, link: country.link, source: .live(provider: TMDBShowsWorker.provider))
    }
}
