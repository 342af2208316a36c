import Domain
import FoundationEssentials

/// Popular shows and show details from the live TMDB API v3 (https://developer.themoviedb.org/,
/// needs a key or a read access token).
///
/// "Popular" is `GET /3/tv/popular?page=N` (20 shows a page, N from 1, at most 500 pages) in
/// TMDB's own popularity order, which is kept (`TVShow.popularityRank`); the app's page p is
/// TMDB's page p + 1. Details come from `GET /3/tv/{id}?append_to_response=credits`.
///
/// The credential travels only in the `Authorization` header or the `api_key` query item; no
/// error shows a URL, and a message from TMDB is scrubbed of the secret before it is kept.
///
/// This product uses the TMDB API but is not endorsed or certified by TMDB.
public struct TMDBShowsWorker: TVShowsWorking {
    /// The public API's base URL (paths start with `/3/`).
    public static let defaultBaseURL = URL(string: "https://api.themoviedb.org")
    /// The provider's name as shown on screen.
    public static let provider = ProviderName.tmdb
    /// The notice TMDB's terms ask every product using its API to show
    /// (https://www.themoviedb.org/api-terms-of-use).
    public static let notice = "This product uses the TMDB API but is not endorsed or certified by TMDB."
    /// The last page `/3/tv/popular` serves (TMDB answers 400 "Invalid page" past it).
    public static let lastPage = 500

    private let credential: TMDBCredential
    private let baseURL: URL
    private let http: any HTTPFetching

    /// Makes a worker.
    /// - Parameters:
    ///   - credential: the API key or read access token.
    ///   - baseURL: the API's base URL (tests use a loopback server).
    ///   - http: the HTTP client.
    public init(credential: TMDBCredential, baseURL: URL, http: any HTTPFetching) {
        self.credential = credential
        self.baseURL = baseURL
        self.http = http
    }

    /// One page of popular shows in TMDB's order; see `TVShowsWorking.popularShows(page:)`.
    /// Unreadable elements are skipped; `hasMore` is false on TMDB's last page.
    /// - Throws: `SourceError` (`.httpStatus` 401 "TMDB rejected the API key", 400/422 with
    ///   TMDB's message, 404 `ProviderResponse.wrongBaseURL`, `.rateLimited`, `.unreachable`,
    ///   `.badData`).
    public func popularShows(page: Int) async throws -> PagedResult<TVShow> {
        let page = max(0, page)
        let source = DataSource.live(provider: Self.provider)
        guard page < Self.lastPage else {
            return PagedResult(items: [], page: page, hasMore: false, source: source, basis: .providerPopular)
        }
        let data: Data
        do {
            data = try await fetch(path: "3/tv/popular", query: [("page", String(page + 1))])
        } catch SourceError.notFound {
            // TMDB answers 400 past its last page; a 404 here means the base URL is wrong.
            throw ProviderResponse.wrongBaseURL(provider: Self.provider)
        }
        let reply = try ProviderResponse.decode(TMDBDTO.Page.self, from: data, provider: Self.provider)
        if page == 0 && reply.results.isEmpty {
            // The popular list always starts with a full page: an empty one is a fault.
            throw SourceError.badData(provider: Self.provider, reason: reply.rawCount > 0 ? "no readable show on the first page" : "an empty first page")
        }
        let first = page * 20
        var shows: [TVShow] = []
        shows.reserveCapacity(reply.results.count)
        for (index, dto) in reply.results.enumerated() {
            shows.append(TMDBMapper.show(dto, rank: first + index + 1))
        }
        let lastPage = min(Self.lastPage, reply.totalPages ?? Self.lastPage)
        let hasMore = page + 1 < lastPage && reply.rawCount > 0
        return PagedResult(items: shows, page: page, hasMore: hasMore, source: source, basis: .providerPopular)
    }

    /// TMDB's search over every show (`GET /3/search/tv?query=`, its first page, best first).
    /// - Throws: as `popularShows(page:)`.
    public func searchShows(query: String) async throws -> [TVShow]? {
        let data: Data
        do {
            data = try await fetch(path: "3/search/tv", query: [("query", query)])
        } catch SourceError.notFound {
            throw ProviderResponse.wrongBaseURL(provider: Self.provider)
        }
        let reply = try ProviderResponse.decode(TMDBDTO.Page.self, from: data, provider: Self.provider)
        return reply.results.map { TMDBMapper.show($0, rank: nil) }
    }

    /// The show with its cast and seasons; see `TVShowsWorking.showDetails(for:)`.
    /// - Throws: `SourceError.notFound` when TMDB has no show with the id; others as
    ///   `popularShows(page:)`.
    public func showDetails(for show: TVShow) async throws -> TVShowDetails {
        let data = try await fetch(path: "3/tv/\(show.id)", query: [("append_to_response", "credits")])
        let dto = try ProviderResponse.decode(TMDBDTO.Details.self, from: data, provider: Self.provider)
        var details = TVShowDetails(
            show: TMDBMapper.show(dto, listed: show),
            cast: dto.credits.map(TMDBMapper.cast),
            seasons: dto.seasons.map(TMDBMapper.seasons),
            source: .live(provider: Self.provider),
            nextEpisode: dto.nextEpisode.map(TMDBEpisodeMapper.episode),
            previousEpisode: dto.lastEpisode.map(TMDBEpisodeMapper.episode)
        )
        details.imageURL = TMDBMapper.imageURL(dto.posterPath)
        return details
    }

    /// A small request to tell whether TMDB answers and takes the credential:
    /// `GET /3/genre/tv/list` (a few hundred bytes).
    /// - Throws: `SourceError` as `popularShows(page:)`.
    public func probe() async throws {
        let data: Data
        do {
            data = try await fetch(path: "3/genre/tv/list", query: [])
        } catch SourceError.notFound {
            throw ProviderResponse.wrongBaseURL(provider: Self.provider)
        }
        _ = try ProviderResponse.decode(TMDBDTO.GenreList.self, from: data, provider: Self.provider)
    }

    /// The body of a 2xx answer to `GET BASE/path?query`, the credential added.
    /// - Throws: `error(for:)` of a non-2xx answer; as `ProviderResponse.answer` otherwise.
    func fetch(path: String, query: [(String, String)]) async throws -> Data {
        var items = query
        var headers: [String: String] = [:]
        switch credential {
        case .readAccessToken(let token): headers["Authorization"] = "Bearer \(token)"
        case .apiKey(let key): items.append(("api_key", key))
        }
        let url = try QueryString.url(base: baseURL, path: path, query: QueryString.make(items), provider: Self.provider)
        let response = try await ProviderResponse.answer(to: url, provider: Self.provider, http: http, headers: headers)
        if (200..<300).contains(response.status) { return response.body }
        throw error(for: response)
    }

    /// The `SourceError` for a non-2xx answer, with TMDB's own `status_message` when the body
    /// carries one.
    func error(for response: HTTPResponse) -> SourceError {
        let body = try? JSONText.decode(TMDBDTO.ErrorBody.self, from: response.body)
        let message = body?.statusMessage.map { scrub(String($0.prefix(200))) }
        switch response.status {
        case 401:
            return .httpStatus(provider: Self.provider, status: 401, message: "TMDB rejected the \(credential)" + (message.map { " (\($0))" } ?? ""))
        case 404:
            return .notFound(provider: Self.provider)
        case 429:
            return .rateLimited(provider: Self.provider, retryAfterSeconds: ProviderResponse.retryAfter(response.headers["retry-after"], now: Date()))
        default:
            return .httpStatus(provider: Self.provider, status: response.status, message: message ?? ProviderResponse.statusMessage(response.status))
        }
    }

    /// The text with the secret replaced by `…`, should a server echo it.
    private func scrub(_ text: String) -> String {
        let secret = credential.secret
        guard !secret.isEmpty else { return text }
        return text.replacing(secret, with: "…")
    }
}
