import Domain
import FoundationEssentials

/// Maps TVmaze DTOs to domain entities: names kept as plain text (entities decoded once, nothing
/// removed), summaries turned from HTML into paragraphs, dates parsed, blanks to nil.
enum TVmazeMapper {
    /// A show; with `includeSummary` false the synopsis is left empty, for catalogues that turn
    /// it from HTML into text only when a show's details are asked for.
    static func show(_ dto: TVmazeDTO.Show, includeSummary: Bool = true) -> TVShow {
        TVShow(
            id: dto.id,
            name: HTMLText.decodingEntities(dto.name ?? ""),
            type: dto.type.map(HTMLText.decodingEntities),
            language: dto.language,
            genres: dto.genres.map(HTMLText.decodingEntities).filter { !$0.isEmpty },
            status: dto.status,
            runtimeMinutes: dto.runtime ?? dto.averageRuntime,
            premiered: dto.premiered.flatMap(CalendarDate.init(iso:)),
            ended: dto.ended.flatMap(CalendarDate.init(iso:)),
            officialSite: dto.officialSite,
            schedule: AirSchedule(time: dto.schedule?.time, days: dto.schedule?.days ?? []),
            rating: dto.rating.flatMap { (0...10).contains($0) ? $0 : nil },
            weight: dto.weight,
            broadcaster: broadcaster(network: dto.network, webChannel: dto.webChannel),
            summary: includeSummary ? (dto.summary.map(HTMLText.paragraphs(from:)) ?? []) : [],
            updatedAt: dto.updated
        )
    }

    static func broadcaster(network: TVmazeDTO.Channel?, webChannel: TVmazeDTO.Channel?) -> Broadcaster? {
        if let network, let name = network.name {
            return Broadcaster(
                name: HTMLText.decodingEntities(name), kind: .network, countryName: network.country?.name, countryCode: network.country?.code,
                timeZone: network.country?.timezone)
        }
        if let webChannel, let name = webChannel.name {
            return Broadcaster(
                name: HTMLText.decodingEntities(name), kind: .webChannel, countryName: webChannel.country?.name, countryCode: webChannel.country?.code,
                timeZone: webChannel.country?.timezone)
        }
        return nil
    }

    static func cast(_ credits: [TVmazeDTO.CastCredit]) -> [CastMember] {
        credits.compactMap { credit in
            guard let person = credit.person?.name else { return nil }
            return CastMember(
                personName: HTMLText.decodingEntities(person), characterName: credit.character?.name.map(HTMLText.decodingEntities), isVoice: credit.voice,
                personID: credit.person?.id)
        }
    }

    static func seasons(_ seasons: [TVmazeDTO.Season]) -> [SeasonSummary] {
        seasons.compactMap { season in
            guard let number = season.number else { return nil }
            return SeasonSummary(
                number: number,
                name: season.name.map(HTMLText.decodingEntities),
                episodeCount: season.episodeOrder,
                premiered: season.premiereDate.flatMap(CalendarDate.init(iso:)),
                ended: season.endDate.flatMap(CalendarDate.init(iso:))
            )
        }.sorted { $0.number < $1.number }
    }

    /// Seasons derived from an episode list: episode count and first and last air dates.
    static func seasons(fromEpisodes episodes: [TVmazeDTO.Episode]) -> [SeasonSummary] {
        var bySeason: [Int: [TVmazeDTO.Episode]] = [:]
        for episode in episodes {
            guard let season = episode.season else { continue }
            bySeason[season, default: []].append(episode)
        }
        return bySeason.keys.sorted().map { number in
            let list = bySeason[number] ?? []
            let dates = list.compactMap { $0.airdate.flatMap(CalendarDate.init(iso:)) }.sorted()
            return SeasonSummary(number: number, name: nil, episodeCount: list.count, premiered: dates.first, ended: dates.last)
        }
    }
}
