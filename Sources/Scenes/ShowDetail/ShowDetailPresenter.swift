import Domain
import FoundationEssentials

/// Formats a show and its details for the detail view (the scene's only formatting).
@MainActor
package final class ShowDetailPresenter: ShowDetailPresentationLogic {
    package weak var viewController: ShowDetailDisplayLogic?
    private let now: () -> Int64
    private let airClock: AirClock

    /// Makes a Presenter.
    /// - Parameters:
    ///   - now: the clock in Unix seconds, to say a cached copy's age (the composition root
    ///     passes the system clock; tests pin it).
    ///   - airClock: the present, the viewer's zone and zones by name: turns the
    ///     schedule's time and the next and latest episodes' air times into the viewer's zone
    ///     (the composition root passes the system's; tests fix it).
    package init(now: @escaping () -> Int64, airClock: AirClock) {
        self.now = now
        self.airClock = airClock
    }

    package func presentDetails(response: ShowDetail.LoadDetails.Response) {
        let show = response.details?.show ?? response.show
        let missing = ShowFormatting.missing
        let name = ShowFormatting.name(show)
        var subtitle = [ShowFormatting.years(show) + Self.asOf(show, source: response.details?.source ?? response.listedSource)]
        if let rating = show.rating { subtitle.append("★ " + ShowFormatting.rating(rating)) }
        if let status = show.status { subtitle.append(status) }

        var facts: [ShowDetail.LoadDetails.ViewModel.Fact] = []
        func fact(_ label: String, _ value: String?) {
            facts.append(.init(label: label, value: value.flatMap { $0.isEmpty ? nil : $0 } ?? missing))
        }
        if let progress = response.progress { facts.append(.init(label: "Watched", value: Self.watchedLine(progress))) }
        fact("Status", show.status)
        fact("Type", show.type)
        fact("Language", show.language)
        fact(show.broadcaster?.kind == .webChannel ? "Web channel" : "Network", broadcaster(show.broadcaster))
        fact("Genres", show.genres.isEmpty ? nil : show.genres.joined(separator: ", "))
        fact("Premiered", show.premiered?.description)
        fact("Ended", show.ended?.description)
        fact("Runtime", show.runtimeMinutes.map { "\($0) min" })
        fact("Schedule", AirTimeText.weekly(show.schedule, broadcaster: show.broadcaster, clock: airClock))
        fact("Rating", Self.ratingFact(show.rating, yours: response.userRating))
        fact("Official site", show.officialSite)

        var sections: [ShowDetail.LoadDetails.ViewModel.Section] = []
        if let airing = airing(response.details) { sections.append(airing) }
        sections.append(.init(title: "Summary", paragraphs: show.summary.isEmpty ? ["No summary."] : show.summary))
        if let details = response.details {
            if let cast = details.cast {
                let lines = cast.prefix(30).map { member -> String in
                    var line = member.personName
                    if let character = member.characterName { line += " as " + character }
                    if member.isVoice { line += " (voice)" }
                    return line
                }
                sections.append(
                    .init(
                        title: "Cast", paragraphs: lines.isEmpty ? ["No cast listed."] : lines + (cast.count > 30 ? ["… and \(cast.count - 30) more"] : []),
                        people: cast.prefix(30).map { PersonReference(id: $0.personID, name: $0.personName) }))
            } else {
                sections.append(.init(title: "Cast", paragraphs: ["Not recorded in this source."]))
            }
            if let seasons = details.seasons {
                let lines = seasons.map { season($0, of: show) }
                let total = seasons.compactMap(\.episodeCount).reduce(0, +)
                let heading = seasons.isEmpty ? "Seasons" : "Seasons (\(seasons.count), \(total) episodes)"
                sections.append(.init(title: heading, paragraphs: lines.isEmpty ? ["No seasons listed."] : lines, seasonNumbers: seasons.map(\.number)))
            } else {
                sections.append(.init(title: "Seasons", paragraphs: ["Not recorded in this source."]))
            }
            if details.episodesRecorded == false {
                // Said here, before `e` opens a guide that could only say the same.
                sections.append(.init(title: "Episodes", paragraphs: ["No episode list is recorded for this show in this source: e has no episode guide to show."]))
            }
        }

        if let details = response.details, let watch = Self.watch(response, show: details.show) { sections.append(watch) }
        if let similar = response.similar { sections.append(Self.similar(similar)) }

        var message: String?
        var isError = false
        if let error = response.error {
            message = ShowFormatting.failure(error, retryInSeconds: response.retryInSeconds)
            isError = true
        } else if response.isLoading {
            message = "Loading cast and seasons…"
        } else if response.isRefreshing, case .cache(let provider, _)? = response.details?.source {
            message = "Checking \(provider) for newer details…"
        } else if let said = response.ratingMessage {
            message = said
            isError = response.ratingMessageIsError
        }
        var viewModel = ShowDetail.LoadDetails.ViewModel(
            id: show.id,
            title: name.text,
            subtitle: subtitle.joined(separator: " · "),
            facts: facts,
            sections: sections,
            message: message,
            messageIsError: isError,
            sourceLabel: (response.details?.source ?? response.listedSource).map { ShowFormatting.source($0, now: now()) } ?? "",
            credit: ShowFormatting.credit(for: response.details?.source ?? response.listedSource, castSource: response.details?.castSource),
            watchLink: response.watch?.link
        )
        viewModel.hasEpisodeGuide = response.details?.episodesRecorded != false
        viewModel.hasPoster = response.details?.imageURL != nil
        viewModel.poster = response.poster
        viewModel.posterMessage = response.posterMessage
        viewController?.displayDetails(viewModel: viewModel)
    }

    /// For a show recorded as running in a snapshot, the day of its record: ` (as of
    /// 2024-01-28)` after `2017–`, since it may have ended since; else "".
    /// - Parameters:
    ///   - show: the show (its `updatedAt` is when TVmaze last changed the record).
    ///   - source: where it came from; live and cached answers are current, not recorded.
    nonisolated static func asOf(_ show: TVShow, source: DataSource?) -> String {
        guard let source, !source.isFromNetwork, show.ended == nil, show.status?.lowercased() != "ended",
            let updated = show.updatedAt, ShowFormatting.years(show).hasSuffix("–")
        else { return "" }
        return " (as of \(ShowFormatting.day(ofUnixTime: updated)))"
    }

    /// The next and the latest episode, for example `Next: S08E03 ‘Title’ · Thu 4 Dec 21:00 CET
    /// (in 3 days)`, in the viewer's zone; nil when the source names neither.
    private func airing(_ details: TVShowDetails?) -> ShowDetail.LoadDetails.ViewModel.Section? {
        guard let details, details.nextEpisode != nil || details.previousEpisode != nil else { return nil }
        let moment = Date(timeIntervalSince1970: TimeInterval(now()))
        func line(_ label: String, _ episode: Episode) -> String {
            var text = label + ": " + EpisodeText.named(episode)
            if let time = AirTimeText.airing(episode, now: moment, viewer: airClock.viewer, relative: true) { text += " · " + time }
            return text
        }
        let lines = [details.nextEpisode.map { line("Next", $0) }, details.previousEpisode.map { line("Last", $0) }].compactMap { $0 }
        return .init(title: "Episodes", paragraphs: lines)
    }

    /// The "Where to watch" section: with watch providers, one line an offer (`Stream: Netflix,
    /// …`), led by `On my services: Netflix` when one of the viewer's services streams it
    /// (`StreamingServices.streaming`), then the JustWatch attribution and `Y`; without, the show's own broadcaster and how to
    /// turn full data on. Nil while a source of providers has not answered.
    nonisolated static func watch(_ response: ShowDetail.LoadDetails.Response, show: TVShow) -> ShowDetail.LoadDetails.ViewModel.Section? {
        if let country = response.watchCountry {
            guard let watch = response.watch else {
                return response.watchPending ? nil : .init(title: "Where to watch (\(country))", paragraphs: ["No service lists it in \(country) (\(WatchProviders.attribution))."])
            }
            var lines = watch.groups.map { "\($0.offer.rawValue): " + $0.services.joined(separator: ", ") }
            if lines.isEmpty { lines = ["No service lists it in \(country)."] }
            if let mine = response.services?.streaming(watch), !mine.isEmpty {
                lines.insert("On my services: " + mine.joined(separator: ", "), at: 0)
            }
            lines.append("Where to watch: \(WatchProviders.attribution)." + (watch.link != nil ? " Y copies the TMDB watch page." : ""))
            return .init(title: "Where to watch (\(watch.countryCode))", paragraphs: lines)
        }
        var lines: [String] = []
        if let broadcaster = show.broadcaster {
            lines.append(broadcaster.kind == .webChannel ? "\(broadcaster.name) original" : "On \(broadcaster.name)" + (broadcaster.countryName.map { " (\($0))" } ?? ""))
        }
        lines.append("For where to stream, rent or buy it in your country, set a TMDB key (TMDB_API_KEY, or tmdb-api-key in the config file) and country.")
        return .init(title: "Where to watch", paragraphs: lines)
    }

    /// The "More like this" section: how it was made in the title, one show a line with its
    /// years and, for a local score, the reason (`Better Call Saul (2015–2022) · Drama · Crime · AMC`).
    nonisolated static func similar(_ similar: SimilarShows) -> ShowDetail.LoadDetails.ViewModel.Section {
        let how: String
        switch similar.basis {
        case .recommendations: how = "\(similar.source.provider)'s recommendations"
        case .similar: how = "\(similar.source.provider)'s similar shows"
        case .localScore: how = SimilarShows.localLabel
        }
        let entries = Array(similar.entries.prefix(12))
        let lines = entries.map { entry in
            ShowFormatting.name(entry.show).text + " (" + ShowFormatting.years(entry.show) + ")" + (entry.reason.map { " · " + $0 } ?? "")
        }
        return .init(title: "More like this (\(how))", paragraphs: lines.isEmpty ? ["Nothing like it found."] : lines, shows: entries.map(\.show))
    }

    private func broadcaster(_ b: Broadcaster?) -> String? {
        guard let b else { return nil }
        if let country = b.countryName { return "\(b.name) (\(country))" }
        return b.name
    }

    /// A season's line: its number and name, its episodes, and its first and last days on the
    /// viewer's calendar, as the episode guide's heading gives them (`AirTimeText.viewerDay`).
    private func season(_ s: SeasonSummary, of show: TVShow) -> String {
        var parts = ["Season \(s.number)"]
        if let name = s.name, !name.isEmpty, name != "Season \(s.number)" { parts[0] += ": " + name }
        if let count = s.episodeCount { parts.append(count == 1 ? "1 episode" : "\(count) episodes") }
        let viewerDay = { AirTimeText.viewerDay(networkDay: $0, of: show, clock: self.airClock) }
        switch (s.premiered.map(viewerDay), s.ended.map(viewerDay)) {
        case (let start?, let end?): parts.append("\(start) – \(end)")
        case (let start?, nil): parts.append("from \(start)")
        default: break
        }
        return parts.joined(separator: " · ")
    }
}
