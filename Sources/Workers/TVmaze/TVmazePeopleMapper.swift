import Domain
import FoundationEssentials

/// Maps TVmaze's people and credits to domain entities.
enum TVmazePeopleMapper {
    /// A person with credits.
    /// - Parameters:
    ///   - dto: `/people/{id}`.
    ///   - cast: `/people/{id}/castcredits?embed=show`.
    ///   - crew: `/people/{id}/crewcredits?embed=show`.
    ///   - source: where they came from.
    static func person(_ dto: TVmazeDTO.Person, cast: [TVmazeDTO.PersonCredit], crew: [TVmazeDTO.PersonCredit], source: DataSource) -> Person {
        var person = Person(
            id: dto.id, name: HTMLText.decodingEntities(dto.name ?? ""), country: dto.country?.name,
            birthday: dto.birthday.flatMap(CalendarDate.init(iso:)), deathday: dto.deathday.flatMap(CalendarDate.init(iso:)),
            gender: dto.gender, credits: credits(cast, kind: .cast) + credits(crew, kind: .crew), source: source
        )
        person.imageURL = dto.image?.url
        return person
    }

    /// The credits whose show is embedded or linked; a linked show alone is named by id only.
    static func credits(_ list: [TVmazeDTO.PersonCredit], kind: PersonCredit.Kind) -> [PersonCredit] {
        list.compactMap { credit in
            let character = credit.embedded?.character?.name.map(HTMLText.decodingEntities)
            let role = kind == .crew ? credit.type.map(HTMLText.decodingEntities) : nil
            if let show = credit.embedded?.show {
                return PersonCredit(show: TVmazeMapper.show(show), kind: kind, character: character, role: role, isVoice: credit.voice)
            }
            guard let id = credit.links?.showID else { return nil }
            return PersonCredit(show: TVShow(id: id, name: ""), kind: kind, character: character, role: role, isVoice: credit.voice, showIsKnown: false)
        }
    }
}
