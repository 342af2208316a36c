import Domain
import FoundationEssentials

/// Maps TVmaze episode DTOs to domain entities: names decoded once, summaries turned from
/// HTML into paragraphs, days and instants parsed, blanks to nil.
enum TVmazeEpisodeMapper {
    /// TVmaze's `type` values for specials (https://www.tvmaze.com/api#episode-list).
    static let specialTypes: Set<String> = ["significant_special", "insignificant_special"]

    /// An episode. A special (by `type`, or with no number) keeps its season; its `number` is
    /// nil when TVmaze gives none.
    static func episode(_ dto: TVmazeDTO.EpisodeRecord) -> Episode {
        Episode(
            id: dto.id,
            season: dto.season ?? 0,
            number: dto.number,
            name: HTMLText.decodingEntities(dto.name ?? ""),
            airDate: dto.airdate.flatMap(CalendarDate.init(iso:)),
            airstamp: dto.airstamp.flatMap(Airstamp.date(from:)),
            runtimeMinutes: dto.runtime.flatMap { $0 > 0 ? $0 : nil },
            rating: dto.rating.flatMap { EpisodeRating(average: $0) },
            summary: dto.summary.map(HTMLText.paragraphs(from:)) ?? [],
            isSpecial: dto.type.map(specialTypes.contains) ?? false || dto.number == nil
        )
    }

    /// A schedule entry; nil when the entry names no show.
    static func scheduleEntry(_ dto: TVmazeDTO.EpisodeRecord, isWeb: Bool) -> ScheduleEntry? {
        guard let showDTO = dto.show else { return nil }
        let show = TVmazeMapper.show(showDTO)
        let episode = episode(dto)
        return ScheduleEntry(airstamp: episode.airstamp, show: show, episode: episode, channelName: show.broadcaster?.name, isWeb: isWeb)
    }
}
