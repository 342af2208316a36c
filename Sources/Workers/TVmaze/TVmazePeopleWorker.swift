import Domain
import FoundationEssentials

/// People and their shows from the live TVmaze API (no key): `GET /people/{id}`,
/// `/people/{id}/castcredits?embed=show` and `/people/{id}/crewcredits?embed=show`; a name
/// through `/search/people?q=` (its first hit).
public struct TVmazePeopleWorker: PeopleWorking {
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

    /// The person and every cast and crew credit; see `PeopleWorking.person(_:)`.
    /// - Returns: nil for a reference without an id or a 404.
    /// - Throws: `SourceError` as `ProviderResponse.body(of:provider:http:headers:)` and `.decode`.
    public func person(_ reference: PersonReference) async throws -> Person? {
        guard let id = reference.id else { return nil }
        let provider = TVmazeShowsWorker.provider
        let data: Data
        do {
            data = try await ProviderResponse.body(of: try url("people/\(id)", ""), provider: provider, http: http)
        } catch SourceError.notFound {
            return nil
        }
        let dto = try ProviderResponse.decode(TVmazeDTO.Person.self, from: data, provider: provider)
        async let cast = credits("people/\(id)/castcredits")
        async let crew = credits("people/\(id)/crewcredits")
        return TVmazePeopleMapper.person(dto, cast: try await cast, crew: try await crew, source: .live(provider: provider))
    }

    /// The first hit of TVmaze's people search, with credits; see `PeopleWorking.personNamed(_:)`.
    public func personNamed(_ name: String) async throws -> Person? {
        let provider = TVmazeShowsWorker.provider
        let data = try await ProviderResponse.body(of: try url("search/people", "q=" + TVmazeShowsWorker.queryValue(name)), provider: provider, http: http)
        let hits = try ProviderResponse.decode(LossyArray<TVmazeDTO.PersonHit>.self, from: data, provider: provider)
        guard let first = hits.elements.compactMap(\.person).first else { return nil }
        return try await person(PersonReference(id: first.id, name: first.name ?? name))
    }

    /// A credits list; a 404 is none.
    private func credits(_ path: String) async throws -> [TVmazeDTO.PersonCredit] {
        let provider = TVmazeShowsWorker.provider
        do {
            let data = try await ProviderResponse.body(of: try url(path, "embed=show"), provider: provider, http: http)
            return try ProviderResponse.decode(LossyArray<TVmazeDTO.PersonCredit>.self, from: data, provider: provider).elements
        } catch SourceError.notFound {
            return []
        }
    }

    private func url(_ path: String, _ query: String) throws -> URL {
        try TVmazeShowsWorker.makeURL(baseURL: baseURL, path: path, query: query)
    }
}
