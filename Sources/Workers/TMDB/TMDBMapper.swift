import Domain
import FoundationEssentials

/// Maps TMDB DTOs to domain entities: blanks to nil, dates parsed (an absent, empty or null
/// `first_air_date` gives no premiere date, so the year shows as a placeholder), genre ids to
/// names, a rating only when someone voted.
enum TMDBMapper {
    /// TMDB's TV genres (`GET /3/genre/tv/list`, recorded in
    /// `Tests/TestSupport/Fixtures/tmdb/genre_tv_list.json`): id to English name. The list
    /// endpoint gives only `genre_ids`; an id missing here is left out.
    static let genreNames: [Int: String] = [
        10759: "Action & Adventure", 16: "Animation", 35: "Comedy", 80: "Crime", 99: "Documentary",
        18: "Drama", 10751: "Family", 10762: "Kids", 9648: "Mystery", 10763: "News", 10764: "Reality",
        10765: "Sci-Fi & Fantasy", 10766: "Soap", 10767: "Talk", 10768: "War & Politics", 37: "Western"
    ]

    /// TMDB's image server and the size asked for: 185 pixels wide (w185), more than a
    /// half-block poster or photo shows. TMDB's `/3/configuration` gives this base; it has not
    /// changed in years, and a fixed one saves a request.
    static let imageBase = "https://image.tmdb.org/t/p/w185"

    /// A poster's or a photo's URL from its TMDB path (`/abc.jpg`); nil for none or a path
    /// that is not one.
    static func imageURL(_ path: String?) -> String? {
        guard let path, path.hasPrefix("/"), path.count > 1, !path.contains(where: { $0.isWhitespace || $0 == "?" || $0 == "#" }) else { return nil }
        return imageBase + path
    }

    /// A listed show.
    /// - Parameters:
    ///   - dto: the element of `results`.
    ///   - rank: its place in TMDB's popularity order, from 1; nil for a search hit.
    static func show(_ dto: TMDBDTO.ListShow, rank: Int?) -> TVShow {
        TVShow(
            id: dto.id,
            name: name(dto.name, original: dto.originalName),
            language: languageName(code: dto.originalLanguage, spoken: []),
            genres: dto.genreIDs.compactMap { genreNames[$0] },
            premiered: dto.firstAirDate.flatMap(CalendarDate.init(iso:)),
            rating: rating(dto.voteAverage, votes: dto.voteCount),
            summary: paragraphs(dto.overview),
            popularityRank: rank,
            voteCount: dto.voteCount
        )
    }

    /// A show's details.
    /// - Parameters:
    ///   - dto: the details.
    ///   - listed: the show as listed, for its popularity rank.
    static func show(_ dto: TMDBDTO.Details, listed: TVShow?) -> TVShow {
        let status = dto.status
        let finished = status.map { ["ended", "canceled", "cancelled"].contains($0.lowercased()) } ?? false
        return TVShow(
            id: dto.id,
            name: name(dto.name, original: dto.originalName),
            type: dto.type,
            language: languageName(code: dto.originalLanguage, spoken: dto.spokenLanguages),
            genres: dto.genres.compactMap(\.name),
            status: status,
            runtimeMinutes: dto.episodeRunTime.first(where: { $0 > 0 }) ?? dto.lastEpisodeRuntime.flatMap { $0 > 0 ? $0 : nil },
            premiered: dto.firstAirDate.flatMap(CalendarDate.init(iso:)),
            ended: finished ? dto.lastAirDate.flatMap(CalendarDate.init(iso:)) : nil,
            officialSite: dto.homepage,
            rating: rating(dto.voteAverage, votes: dto.voteCount),
            broadcaster: dto.networks.first(where: { $0.name != nil }).flatMap { network in
                network.name.map { Broadcaster(name: $0, kind: .network, countryCode: network.originCountry) }
            },
            summary: paragraphs(dto.overview),
            popularityRank: listed?.popularityRank,
            voteCount: dto.voteCount
        )
    }

    /// The cast in billing order (`order`); credits without a name are skipped.
    static func cast(_ credits: TMDBDTO.Credits) -> [CastMember] {
        credits.cast.enumerated()
            .sorted { ($0.element.order ?? Int.max, $0.offset) < ($1.element.order ?? Int.max, $1.offset) }
            .compactMap { item in
                item.element.name.map { CastMember(personName: $0, characterName: item.element.character, personID: item.element.id) }
            }
    }

    /// The seasons by number; seasons without a number are skipped, and so is TMDB's season 0
    /// ("Specials"), which is not a season of the show (`number_of_seasons` leaves it out, and
    /// TVmaze's seasons have no such entry), so the season and episode counts on screen agree
    /// with the show's.
    static func seasons(_ seasons: [TMDBDTO.Season]) -> [SeasonSummary] {
        seasons.compactMap { season in
            guard let number = season.seasonNumber, number >= 1 else { return nil }
            return SeasonSummary(
                number: number, name: season.name, episodeCount: season.episodeCount,
                premiered: season.airDate.flatMap(CalendarDate.init(iso:)))
        }.sorted { $0.number < $1.number }
    }

    /// The name, else the original name, else empty (shown as a placeholder).
    static func name(_ name: String?, original: String?) -> String {
        name ?? original ?? ""
    }

    /// `vote_average` (0–10) when at least one vote was cast: TMDB writes 0 for "no votes".
    static func rating(_ average: Double?, votes: Int?) -> Double? {
        guard let average, (0...10).contains(average) else { return nil }
        if let votes, votes <= 0 { return nil }
        if votes == nil && average == 0 { return nil }
        return average
    }

    /// Plain-text paragraphs of an overview (TMDB writes plain text, paragraphs split by line
    /// breaks).
    static func paragraphs(_ text: String?) -> [String] {
        guard let text else { return [] }
        return text.split(whereSeparator: \.isNewline)
            .map { $0.trimming(.whitespaces) }
            .filter { !$0.isEmpty }
    }

    /// The language's English name: from `spoken_languages` when it lists the original
    /// language, else from the ISO 639-1 code, else the code itself.
    static func languageName(code: String?, spoken: [TMDBDTO.Language]) -> String? {
        guard let code = code?.lowercased() else { return spoken.first?.englishName }
        if let name = spoken.first(where: { $0.code?.lowercased() == code })?.englishName { return name }
        if let name = englishLanguageNames[code] { return name }
        return code
    }

    /// English names of the ISO 639-1 codes most common as TMDB's `original_language`.
    static let englishLanguageNames: [String: String] = [
        "en": "English", "ja": "Japanese", "ko": "Korean", "es": "Spanish", "fr": "French", "de": "German",
        "it": "Italian", "zh": "Chinese", "cn": "Cantonese", "pt": "Portuguese", "ru": "Russian", "hi": "Hindi",
        "tr": "Turkish", "sv": "Swedish", "da": "Danish", "no": "Norwegian", "nl": "Dutch", "pl": "Polish",
        "ar": "Arabic", "th": "Thai", "tl": "Tagalog", "fi": "Finnish", "he": "Hebrew", "id": "Indonesian"
    ]
}
