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

/// Maps TMDB's people and TV credits to domain entities.
enum TMDBPeopleMapper {
    /// TMDB's gender codes in words; 0 ("not set") and unknown codes are nil.
    static func gender(_ code: Int?) -> String? {
        switch code {
        case 1: return "Female"
        case 2: return "Male"
        case 3: return "Non-binary"
        default: return nil
        }
    }

    /// A person with their cast credits, then their crew credits, each in TMDB's order.
    static func person(_ dto: TMDBDTO.Person, credits: TMDBDTO.TVCredits) -> Person {
        func credit(_ c: TMDBDTO.TVCredit, kind: PersonCredit.Kind) -> PersonCredit {
            PersonCredit(show: TMDBMapper.show(c.show, rank: nil), kind: kind, character: kind == .cast ? c.character : nil,
                         role: kind == .crew ? c.job : nil, episodeCount: c.episodeCount)
        }
        return Person(
            id: dto.id, name: dto.name ?? "", country: dto.placeOfBirth,
            birthday: dto.birthday.flatMap(CalendarDate.init(iso:)), deathday: dto.deathday.flatMap(CalendarDate.init(iso:)),
            gender: gender(dto.gender),
            credits: credits.cast.map { credit($0, kind: .cast) } + credits.crew.map { credit($0, kind: .crew) },
            source: .live(provider: TMDBShowsWorker.provider)
        )
    }
}
