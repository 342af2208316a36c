import Domain
import FoundationEssentials

/// Shows like a show from the live TMDB API (needs a key): `GET /3/tv/{id}/recommendations`,
/// then `/3/tv/{id}/similar` when TMDB recommends none, each first page in TMDB's order.
///
/// This product uses the TMDB API but is not endorsed or certified by TMDB.
public struct TMDBSimilarWorker: SimilarShowsWorking {
    private let api: TMDBShowsWorker

    /// Makes a worker.
    /// - Parameters:
    ///   - credential: the API key or read access token.
    ///   - baseURL: the API's base URL (tests use a loopback server).
    ///   - http: the HTTP client.
    public init(credential: TMDBCredential, baseURL: URL, http: any HTTPFetching) {
        api = TMDBShowsWorker(credential: credential, baseURL: baseURL, http: http)
    }

    /// TMDB's recommendations, else its similar shows; see `SimilarShowsWorking.similarShows(to:)`.
    /// - Throws: `SourceError` as `TMDBShowsWorker.popularShows(page:)`; a 404 is an empty list.
    public func similarShows(to show: TVShow) async throws -> SimilarShows {
        let source = DataSource.live(provider: TMDBShowsWorker.provider)
        for (path, basis) in [("recommendations", SimilarShows.Basis.recommendations), ("similar", .similar)] {
            let data: Data
            do {
                data = try await api.fetch(path: "3/tv/\(show.id)/\(path)", query: [])
            } catch SourceError.notFound {
                return SimilarShows(entries: [], basis: basis, source: source)
            }
            let page = try ProviderResponse.decode(TMDBDTO.Page.self, from: data, provider: TMDBShowsWorker.provider)
            let entries = page.results.filter { $0.id != show.id }.map { SimilarShows.Entry(show: TMDBMapper.show($0, rank: nil), reason: nil) }
            if !entries.isEmpty || basis == .similar { return SimilarShows(entries: entries, basis: basis, source: source) }
        }
        return SimilarShows(entries: [], basis: .similar, source: source)
    }
}
