import Domain
import FoundationEssentials

extension TonightPresenter {
    /// New this week: a group a day (`Wed 2 Dec`, `Today · Wed 2 Dec`), its series premieres
    /// first, each row with its badge; a season released whole on the day is one folded row
    /// (`6 episodes · the whole season`) followed by its episode rows; watched episodes dim;
    /// the title names the days, and offline says they are the recorded schedules.
    package func presentPremieres(response: Tonight.LoadPremieres.Response) {
        let today = clock.viewer(clock.now())?.date
        var rows: [Tonight.Row] = []
        var failures = 0
        var failure: SourceError?
        for day in response.days {
            if let error = day.error {
                failures += 1
                failure = failure ?? error
            }
            let short = day.date == today ? "Today" : Self.dayText(day.date)
            let heading = (day.date == today ? "Today · " : "") + Self.dayText(day.date)
            for (index, item) in day.items.enumerated() {
                let entry = item.entry
                let (rowHeading, rowDay) = index == 0 ? (heading, short) : (nil, "")
                // The season released whole on the day: one row, its episodes after it.
                let id =
                    item.drop.isEmpty
                    ? Tonight.premiereRowID(item) : Tonight.dropRowID(SeasonDrop.Key(show: entry.show.id, season: entry.episode.season, day: day.date))
                var row = premiereRow(entry, id: id, watched: response.watched, heading: rowHeading, day: rowDay)
                row.badge = PremiereBadge.text(item.badges, ascii: false)
                guard !item.drop.isEmpty else {
                    rows.append(row)
                    continue
                }
                TonightRowText.fold(
                    &row, episodes: item.drop.map(\.episode), episodeOrder: item.episodeOrder,
                    watched: item.drop.allSatisfy { TonightRowText.isWatched($0, in: response.watched) })
                rows.append(row)
                for episode in item.drop {
                    var child = premiereRow(episode, id: Tonight.premiereRowID(episode), watched: response.watched, heading: nil, day: "")
                    child.childOf = id
                    rows.append(child)
                }
            }
        }
        let span =
            response.asked.first.map { first in
                Self.dayText(first) + (response.asked.last.map { $0 == first ? "" : " – " + Self.dayText($0) } ?? "") + " " + String(response.asked.last?.year ?? first.year)
            } ?? ""
        let title =
            "New this week · " + (response.recorded ? "recorded schedules (offline) · " : "") + "premieres and returning seasons"
            + (span.isEmpty ? "" : " · " + span)
        var message: String?
        if response.isLoading {
            message = "Reading the schedules: \(response.days.count) of \(response.asked.count) days…"
        } else if let failure {
            message = "\(failures) of \(response.asked.count) days could not be read: " + ShowFormatting.error(failure)
        } else if response.recorded {
            message = "Offline: built from the recorded schedules of \(response.asked.first?.description ?? "") – \(response.asked.last?.description ?? "")"
        }
        let empty =
            response.isLoading
            ? "Loading…"
            : response.asked.isEmpty
                ? "No schedule is recorded for these days."
                : failures == response.asked.count ? "No schedule could be read." : "No premiere or returning season in these days."
        viewController?.displayPremieres(
            viewModel: .init(
                title: title, rows: rows, emptyMessage: rows.isEmpty ? empty : nil, message: message,
                messageIsError: !response.isLoading && failure != nil, sourceLabel: response.recorded ? "recorded schedules" : "TVmaze live"))
    }

    /// One episode's row of New this week (no badge: the caller's).
    private func premiereRow(_ entry: ScheduleEntry, id: String, watched: Set<WatchedEpisodeKey>, heading: String?, day: String) -> Tonight.Row {
        var row = Tonight.Row(
            id: id, showID: entry.show.id, show: ShowFormatting.name(entry.show).text,
            time: entry.airstamp.flatMap(clock.viewer).map(AirTimeText.clock) ?? ShowFormatting.missing,
            episodeCode: entry.episode.code, episodeName: entry.episode.name.isEmpty ? ShowFormatting.missing : entry.episode.name,
            channel: entry.channelName ?? entry.show.broadcaster?.name ?? ShowFormatting.missing,
            countdown: "", dayHeading: heading, day: day)
        row.watched = TonightRowText.isWatched(entry, in: watched)
        return row
    }
}
