import Domain
import FoundationEssentials

/// Maps TMDB episode DTOs to domain entities: a rating only when at least one vote was cast
/// (TMDB writes 0 for none), season 0 as specials, `episode_type` "finale" as the season's last, the overview split into paragraphs.
enum TMDBEpisodeMapper {
    /// An episode (TMDB gives a day, not an instant: `airstamp` is nil).
    static func episode(_ dto: TMDBDTO.EpisodeRecord) -> Episode {
        let season = dto.seasonNumber ?? 0
        return Episode(
            id: dto.id,
            season: season,
            number: dto.episodeNumber,
            name: dto.name ?? "",
            airDate: dto.airDate.flatMap(CalendarDate.init(iso:)),
            airstamp: nil,
            runtimeMinutes: dto.runtime.flatMap { $0 > 0 ? $0 : nil },
            rating: TMDBMapper.rating(dto.voteAverage, votes: dto.voteCount).flatMap { EpisodeRating(average: $0, voteCount: dto.voteCount) },
            summary: TMDBMapper.paragraphs(dto.overview),
            isSpecial: season == 0,
            isSeasonFinale: season > 0 && dto.episodeType == "finale"
        )
    }
}
