import Domain
import FoundationEssentials

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
            PersonCredit(
                show: TMDBMapper.show(c.show, rank: nil), kind: kind, character: kind == .cast ? c.character : nil,
                role: kind == .crew ? c.job : nil, episodeCount: c.episodeCount)
        }
        var person = Person(
            id: dto.id, name: dto.name ?? "", country: dto.placeOfBirth,
            birthday: dto.birthday.flatMap(CalendarDate.init(iso:)), deathday: dto.deathday.flatMap(CalendarDate.init(iso:)),
            gender: gender(dto.gender),
            credits: credits.cast.map { credit($0, kind: .cast) } + credits.crew.map { credit($0, kind: .crew) },
            source: .live(provider: TMDBShowsWorker.provider)
        )
        person.imageURL = TMDBMapper.imageURL(dto.profilePath)
        return person
    }
}
