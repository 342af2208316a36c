import Domain
import FoundationEssentials

/// People and their TV credits from the live TMDB API v3 (needs a key): `GET /3/person/{id}`
/// and `/3/person/{id}/tv_credits`, cast and crew apart; a name through `/3/search/person`.
///
/// This product uses the TMDB API but is not endorsed or certified by TMDB.
public struct TMDBPeopleWorker: PeopleWorking {
    private let api: TMDBShowsWorker

    /// Makes a worker.
    /// - Parameters:
    ///   - credential: the API key or read access token.
    ///   - baseURL: the API's base URL (tests use a loopback server).
    ///   - http: the HTTP client.
    public init(credential: TMDBCredential, baseURL: URL, http: any HTTPFetching) {
        api = TMDBShowsWorker(credential: credential, baseURL: baseURL, http: http)
    }

    /// The person with every TV credit; see `PeopleWorking.person(_:)`.
    /// - Returns: nil for a reference without an id or when TMDB has no such person (404).
    /// - Throws: `SourceError` as `TMDBShowsWorker.popularShows(page:)`.
    public func person(_ reference: PersonReference) async throws -> Person? {
        guard let id = reference.id else { return nil }
        let provider = TMDBShowsWorker.provider
        let data: Data
        do {
            data = try await api.fetch(path: "3/person/\(id)", query: [])
        } catch SourceError.notFound {
            return nil
        }
        let dto = try ProviderResponse.decode(TMDBDTO.Person.self, from: data, provider: provider)
        let credits = try ProviderResponse.decode(TMDBDTO.TVCredits.self, from: try await api.fetch(path: "3/person/\(id)/tv_credits", query: []), provider: provider)
        return TMDBPeopleMapper.person(dto, credits: credits)
    }

    /// TMDB's first hit for the name, with credits; see `PeopleWorking.personNamed(_:)`.
    public func personNamed(_ name: String) async throws -> Person? {
        let data = try await api.fetch(path: "3/search/person", query: [("query", name)])
        let hits = try ProviderResponse.decode(TMDBDTO.PersonSearch.self, from: data, provider: TMDBShowsWorker.provider)
        guard let first = hits.results.first(where: { $0.id != nil }), let id = first.id else { return nil }
        return try await person(PersonReference(id: id, name: first.name ?? name))
    }
}
