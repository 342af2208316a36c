import Domain
import FoundationEssentials
import Scenes
import Terminal
import Workers

/// `discover-tui premieres [--days N]` to a pipe or a file: the series and season premieres
/// (TVmaze's schedules, `number == 1`) of the next N days in the viewer's country and on
/// streaming, one line an episode, each day's series premieres (`NEW`) first, a day printed as
/// soon as its two schedules have answered. Offline: the recorded days (January 2024), said on
/// standard error.
enum PremieresCommand {
    /// The days asked for without `--days`.
    static let defaultDays = 14

    /// Runs the command and exits: 0 with lines, 1 when no schedule could be read.
    /// - Parameters:
    ///   - options: the options (`--days`, `--country`, `--json`, `--ascii`, `--offline`).
    ///   - schedules: the schedules source (live, or the snapshot's recordings).
    ///   - clock: the present and the viewer's zone.
    static func run(options: AppOptions, schedules: any ScheduleWorking, clock: AirClock) async -> Never {
        let ascii = options.ascii || !LocaleInfo.isUTF8
        let text = CellText(repertoire: ascii ? .ascii : .unicode)
        let count = options.premiereDays ?? defaultDays
        let now = clock.now()
        var days: [CalendarDate]
        let offline = TVComposition.liveSources(options).isEmpty
        if offline {
            // The recorded weeks: the days of the newest recorded month (January 2024).
            let recorded = (try? SnapshotEpisodesWorker.recordedDays(countryCode: nil)) ?? []
            let newest = recorded.last
            days = Array(recorded.filter { $0.year == newest?.year && $0.month == newest?.month }.prefix(count))
            if let first = days.first, let last = days.last {
                StandardStreams.error(line: "offline: the premieres of the recorded schedules, \(first) – \(last)")
            }
        } else {
            let today = clock.viewer(now)?.date ?? CalendarDate.utcDay(ofUnixTime: Int(now.timeIntervalSince1970))
            days = (0..<count).map { CivilDays.date(CivilDays.days(today) + $0) }
        }
        var printed = 0
        var failures = 0
        for day in days {
            let result = await Caught.result { () -> [ScheduleEntry] in
                let web = try await schedules.webSchedule(date: day)
                // Offline the recordings hold the web schedule alone for these days.
                let local = offline ? nil : try await schedules.schedule(countryCode: options.country, date: day)
                return ((web?.date == day ? web?.entries : nil) ?? []) + ((local?.date == day ? local?.entries : nil) ?? [])
            }
            guard case .success(let entries) = result else {
                failures += 1
                continue
            }
            var seen = Set<Int>()
            let premieres = entries.compactMap { entry -> (ScheduleEntry, PremiereBadge)? in
                guard let badge = PremiereBadge(entry.episode), seen.insert(entry.episode.id).inserted else { return nil }
                return (entry, badge)
            }.sorted { a, b in
                if (a.1 == .series) != (b.1 == .series) { return a.1 == .series }
                return (a.0.airstamp ?? .distantFuture, a.0.show.name) < (b.0.airstamp ?? .distantFuture, b.0.show.name)
            }
            var out = ""
            for (entry, badge) in premieres {
                if options.json {
                    struct JSONPremiere: Encodable {
                        let date: String, badge: String, showId: Int, show: String, season: Int, number: Int, name: String, channel: String?
                    }
                    let object = JSONPremiere(date: day.description, badge: badge == .series ? "series" : "season", showId: entry.show.id, show: entry.show.name,
                                              season: entry.episode.season, number: 1, name: entry.episode.name, channel: entry.channelName)
                    if let line = JSONLine.encode(object, asciiOnly: options.ascii) { out += line + "\n" }
                } else {
                    // The badge whole (`S2024 ▶` for a daily show's year), padded to five cells.
                    let shown = badge.text(ascii: ascii)
                    let parts = [day.description, shown + String(repeating: " ", count: max(0, 5 - text.width(shown))), entry.show.name + " · " + entry.episode.code
                                 + " ‘" + EpisodeText.title(entry.episode) + "’" + (entry.channelName.map { " · " + $0 } ?? "")]
                    out += text.sanitize(parts.joined(separator: "  ")) + "\n"
                }
            }
            printed += premieres.count
            // Each day as soon as it is known.
            StandardStreams.output(out)
        }
        if failures == days.count && !days.isEmpty { DiscoverApp.fail("no schedule could be read for the premieres", status: 1) }
        if printed == 0 { StandardStreams.error(line: "no premiere in the \(days.count) days asked") }
        ProcessExit.now(0)
    }
}
