import Domain
import FoundationEssentials

/// Popular shows and show details from the live TVmaze API (https://www.tvmaze.com/api, no key).
///
/// "Popular" is a page of TVmaze's show index (`GET /shows?page=N`, 250 shows a page by id)
/// ordered by TVmaze's `weight` popularity score (`TVShow.ranksAbove`). Details come from
/// `GET /shows/{id}?embed[]=cast&embed[]=seasons&embed[]=nextepisode&embed[]=previousepisode`.
public struct TVmazeShowsWorker: TVShowsWorking {
    /// The public API's base URL.
    public static let defaultBaseURL = URL(string: "https://api.tvmaze.com")
    /// The provider's name as shown on screen.
    public static let provider = ProviderName.tvmaze

    private let baseURL: URL
    private let http: any HTTPFetching

    /// Makes a worker.
    /// - Parameters:
    ///   - baseURL: the API's base URL (tests use a loopback server).
    ///   - http: the HTTP client.
    public init(baseURL: URL, http: any HTTPFetching) {
        self.baseURL = baseURL
        self.http = http
    }

    /// One page of the index in popularity order; see `TVShowsWorking.popularShows(page:)`.
    /// A 404 past the last page gives an empty page with `hasMore` false; a 404 on page 0 is an
    /// error, since the index always has a first page (the base URL is wrong).
    /// - Throws: `ProviderResponse.wrongBaseURL` for a 404 on page 0; `SourceError.badData` for a
    ///   page 0 with no readable show (`/shows?page=0` always lists 250); else as
    ///   `ProviderResponse.body(of:provider:http:headers:)` and `.decode`.
    public func popularShows(page: Int) async throws -> PagedResult<TVShow> {
        let page = max(0, page)
        let url = try makeURL(path: "shows", query: "page=\(page)")
        let data: Data
        do {
            data = try await ProviderResponse.body(of: url, provider: Self.provider, http: http)
        } catch SourceError.notFound {
            if page == 0 { throw ProviderResponse.wrongBaseURL(provider: Self.provider) }
            return PagedResult(items: [], page: page, hasMore: false, source: .live(provider: Self.provider), basis: .allShows)
        }
        let list = try ProviderResponse.decode(LossyArray<TVmazeDTO.Show>.self, from: data, provider: Self.provider)
        if page == 0 && list.elements.isEmpty {
            // The index always starts with a full page: an empty one is a fault, not the end.
            throw SourceError.badData(provider: Self.provider, reason: list.skipped > 0 ? "no readable show on the first page" : "an empty first page")
        }
        let shows = list.elements.map { TVmazeMapper.show($0) }.sorted(by: TVShow.ranksAbove)
        return PagedResult(items: shows, page: page, hasMore: !list.elements.isEmpty || list.skipped > 0, source: .live(provider: Self.provider), basis: .allShows)
    }

    /// The show with its cast and seasons; see `TVShowsWorking.showDetails(for:)`.
    public func showDetails(for show: TVShow) async throws -> TVShowDetails {
        let url = try makeURL(path: "shows/\(show.id)", query: "embed%5B%5D=cast&embed%5B%5D=seasons&embed%5B%5D=nextepisode&embed%5B%5D=previousepisode")
        let data = try await ProviderResponse.body(of: url, provider: Self.provider, http: http)
        let dto = try ProviderResponse.decode(TVmazeDTO.Show.self, from: data, provider: Self.provider)
        var details = TVShowDetails(
            show: TVmazeMapper.show(dto),
            cast: dto.embedded?.cast.map(TVmazeMapper.cast),
            seasons: dto.embedded?.seasons.map(TVmazeMapper.seasons),
            source: .live(provider: Self.provider),
            nextEpisode: dto.embedded?.nextEpisode.map(TVmazeEpisodeMapper.episode),
            previousEpisode: dto.embedded?.previousEpisode.map(TVmazeEpisodeMapper.episode)
        )
        details.imageURL = dto.image?.url
        return details
    }

    /// TVmaze's search over every show (`GET /search/shows?q=`, at most 10 hits, best first).
    /// - Throws: `ProviderResponse.wrongBaseURL` for a 404; else as `popularShows(page:)`.
    public func searchShows(query: String) async throws -> [TVShow]? {
        let url = try makeURL(path: "search/shows", query: "q=" + Self.queryValue(query))
        let data: Data
        do {
            data = try await ProviderResponse.body(of: url, provider: Self.provider, http: http)
        } catch SourceError.notFound {
            throw ProviderResponse.wrongBaseURL(provider: Self.provider)
        }
        return try ProviderResponse.decode(LossyArray<TVmazeDTO.SearchHit>.self, from: data, provider: Self.provider)
            .elements.compactMap { $0.show.map { TVmazeMapper.show($0) } }
    }

    /// The show TVmaze resolves a name to (`GET /singlesearch/shows?q=`); a 404 means none.
    /// - Throws: as `popularShows(page:)`.
    public func showNamed(_ name: String) async throws -> TVShow?? {
        let url = try makeURL(path: "singlesearch/shows", query: "q=" + Self.queryValue(name))
        let data: Data
        do {
            data = try await ProviderResponse.body(of: url, provider: Self.provider, http: http)
        } catch SourceError.notFound {
            return .some(nil)
        }
        return .some(TVmazeMapper.show(try ProviderResponse.decode(TVmazeDTO.Show.self, from: data, provider: Self.provider)))
    }

    /// A query parameter's value percent-encoded (RFC 3986 unreserved characters kept).
    static func queryValue(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private func makeURL(path: String, query: String) throws -> URL {
        try Self.makeURL(baseURL: baseURL, path: path, query: query)
    }

    /// A URL under the base URL: `BASE/path?query` (the query already percent-encoded; an
    /// empty one leaves no `?`).
    /// - Throws: `SourceError.unreachable` for a base URL that cannot take a path.
    static func makeURL(baseURL: URL, path: String, query: String) throws -> URL {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)
        let prefix = components?.path ?? ""
        components?.path = (prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix) + "/" + path
        components?.percentEncodedQuery = query.isEmpty ? nil : query
        guard let url = components?.url else {
            throw SourceError.unreachable(provider: Self.provider, reason: "bad base URL")
        }
        return url
    }
}
