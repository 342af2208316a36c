import Domain
import FoundationEssentials
import Scenes
import Workers

#if canImport(Glibc)
    import Glibc
#endif

/// "About this data": each recorded part of the snapshot built into the program, with its
/// source, the day it was recorded and what it covers — the shows list, the episode lists,
/// the casts, the day schedules, the places' areas and the cities. It is read from the
/// embedded files themselves (their own `recorded` days and counts), so it cannot drift from
/// them; `Sources/CSnapshotData/data/PROVENANCE.md` names the public repository, path and
/// commit of every file. Shown by `discover-tui --about` and by `a` in the `?` help.
enum SnapshotAbout {
    /// One recorded part: a label (`Shows list`) and its lines.
    struct Part: Equatable {
        /// What the part is, for example `Episode lists`.
        let label: String
        /// What it holds, one fact a line.
        let lines: [String]
    }

    /// The parts, in the order above; a part whose file cannot be read says so. Shows are named
    /// by the snapshot's catalogue, else by the mirror's (`mirrorPath`), never by a file's name.
    /// - Parameter mirrorPath: the mirror's file, or nil for none.
    static func parts(mirrorPath: String? = nil) -> [Part] {
        var parts: [Part] = []
        let catalog = try? ShowCatalog.embedded()
        let names = Dictionary((catalog?.shows ?? []).map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let mirror = mirrorPath.flatMap { try? MirrorStore(path: $0, writable: false) }
        func name(_ id: Int?) -> String {
            guard let id else { return "?" }
            let known = names[id] ?? ((try? mirror?.name(of: id)) ?? nil)
            return known.map { "\(ShowFormatting.name(TVShow(id: id, name: $0)).text) (TVmaze id \(id))" } ?? "TVmaze show \(id)"
        }
        func day(_ date: CalendarDate?) -> String { date.map { "recorded \($0)" } ?? "recording day unknown" }

        if let catalog {
            var lines = ["\(catalog.shows.count) shows from TVmaze's /shows pages and recorded schedules, \(ShowFormatting.source(catalog.source))"]
            if let week = try? ShowCatalog.embeddedRecordedWeek() {
                lines.append("\"Popular now\" offline: the \(week.ids.count) shows airing the week of \(week.from) to \(week.through) (recorded)")
            }
            parts.append(Part(label: "Shows list", lines: lines))
        } else {
            parts.append(Part(label: "Shows list", lines: ["the embedded shows cannot be read"]))
        }
        guard let recorded = try? SnapshotEpisodesWorker.recordings() else {
            parts.append(Part(label: "Episode lists", lines: ["the embedded episode lists, casts and schedules cannot be read"]))
            return parts + placesParts()
        }
        parts.append(
            Part(
                label: "Episode lists",
                lines: ["\(recorded.episodes.count) shows, from TVmaze; every other show has none offline"]
                    + recorded.episodes.map { "\(name($0.showID)): \($0.count) episodes, \(day($0.recorded))" }))
        parts.append(
            Part(
                label: "Casts",
                lines: ["\(recorded.casts.count) shows' casts recorded on their own (a show's details may carry its cast too)"]
                    + recorded.casts.map { "\(name($0.showID)): \($0.count) people, \($0.provider), \(day($0.recorded))" }))
        var schedules: [String] = []
        let byCountry = Dictionary(grouping: recorded.schedules, by: { $0.country ?? "" })
        for country in byCountry.keys.sorted(by: { ($0.isEmpty ? "~" : $0) < ($1.isEmpty ? "~" : $1) }) {
            let days = (byCountry[country] ?? []).compactMap(\.date).sorted()
            let what = country.isEmpty ? "Streaming" : "\(country) broadcast"
            let listed =
                days.count > 4
                ? "\(days.count) days, \(days.first.map(String.init(describing:)) ?? "") to \(days.last.map(String.init(describing:)) ?? "")"
                : days.map(String.init(describing:)).joined(separator: ", ")
            schedules.append("\(what): \(listed), from TVmaze")
        }
        parts.append(Part(label: "Schedules", lines: schedules + ["Tonight offline shows the day asked when it is recorded, else the newest recorded day, and says which"]))
        parts.append(Part(label: "Pictures", lines: ["none recorded: posters and photos are fetched live (and kept in the image cache), never offline"]))
        return parts + placesParts()
    }

    /// The places' areas and the cities.
    private static func placesParts() -> [Part] {
        var parts: [Part] = []
        if let areas = try? POICatalog.embedded().areas {
            parts.append(
                Part(
                    label: "Places",
                    lines: areas.map { area in
                        let kinds = area.categories.map(\.displayName).joined(separator: ", ")
                        return "\(area.name): \(area.placeCount) places (\(kinds)), \(area.source.provider), \(ShowFormatting.source(area.source))"
                    } + ["nowhere else has places offline"]))
        }
        if let cities = try? CityIndex.embedded() {
            parts.append(Part(label: "Cities", lines: ["\(CityPickerFormatter.grouped(cities.cities.count)) GeoNames places of 15,000 people or more, for --city and L"]))
        }
        return parts
    }

    /// How the snapshot's dates fit together, in one paragraph: each part was recorded on a day
    /// of its own, between the oldest and the newest day given; the status bar's `offline
    /// snapshot DAY` is always the day of the part on screen, never the program's build day.
    /// - Parameter parts: the parts, whose `recorded YYYY-MM-DD` and `offline snapshot
    ///   YYYY-MM-DD` days are read.
    static func story(_ parts: [Part]) -> String {
        var days: [CalendarDate] = []
        for line in parts.flatMap(\.lines) {
            for marker in ["recorded ", "offline snapshot ", "week of "] {
                var rest = Substring(line)
                while let range = rest.firstRange(of: marker) {
                    rest = rest[range.upperBound...]
                    if let day = CalendarDate(iso: String(rest.prefix(10))) { days.append(day) }
                }
            }
        }
        guard let oldest = days.min(), let newest = days.max() else {
            return "Each part below is a real answer recorded on a day of its own."
        }
        return "The snapshot is not one day's copy: each part below is a real answer recorded on a day of its own, "
            + "from \(oldest) to \(newest). The status bar's \"offline snapshot DAY\" is the day of the part on screen "
            + "(the shows list, an episode list, a schedule, a place's area), so two screens may show two days."
    }

    /// The page as plain text (`discover-tui --about`), the mirror's part first.
    /// - Parameter mirrorPath: the mirror's file (`MirrorCommand.path`), or nil for none.
    static func text(mirrorPath: String? = nil) -> String {
        let parts = parts(mirrorPath: mirrorPath)
        var out =
            "# About this data: what the offline snapshot built into Discover holds. Every part is a real recorded answer; "
            + "Sources/CSnapshotData/data/PROVENANCE.md names each file's repository, path and commit.\n\n" + story(parts) + "\n"
        out += "\nMirror of TVmaze's show index\n  " + mirrorLine(path: mirrorPath) + "\n"
        for part in parts {
            out += "\n" + part.label + "\n"
            for line in part.lines { out += "  " + line + "\n" }
        }
        return out
    }

    /// The page as the help box's sections (a part a section), each fact wrapped to 70
    /// columns so that the box cuts none.
    static func sections() -> [HelpSection] {
        let parts = parts()
        let story = HelpSection(
            title: "Its days", entries: HelpText.wrap(story(parts), width: 70).map { HelpEntry(keys: "", action: $0) })
        return [story]
            + parts.map { part in
                HelpSection(
                    title: part.label,
                    entries: part.lines.flatMap { line in
                        HelpText.wrap(line, width: 70).enumerated().map { HelpEntry(keys: "", action: ($0.offset == 0 ? "" : "  ") + $0.element) }
                    })
            }
    }

    /// The mirror's date and size: `TVmaze's index mirrored 2026-12-05: 80,123 shows, 41.2 MB
    /// (PATH); discover-tui mirror fetches what changed since`, or how to make one.
    /// - Parameter path: the mirror's file, or nil when there is no data folder.
    static func mirrorLine(path: String?) -> String {
        guard let path, let store = try? MirrorStore(path: path, writable: false) else {
            return "none yet: discover-tui mirror keeps TVmaze's whole show index on this computer, and every list and search reads it first"
        }
        let shows = (try? store.count()) ?? 0
        var size = stat()
        var bytes = stat(path, &size) == 0 ? Int(size.st_size) : 0
        if stat(path + "-wal", &size) == 0 { bytes += Int(size.st_size) }
        let megabytes = "\(bytes / 1_000_000).\(bytes % 1_000_000 / 100_000) MB"
        guard let fresh = try? store.freshAt() else {
            return "being made: \(ImportProgress.grouped(shows)) shows so far, \(megabytes) (\(path)); run discover-tui mirror to go on"
        }
        return "TVmaze's index mirrored \(CalendarDate.utcDay(ofUnixTime: fresh)): \(ImportProgress.grouped(shows)) shows, \(megabytes) (\(path)); "
            + "discover-tui mirror fetches what changed since"
    }

    /// One line for `--check`: `shows recorded 2026-07-13, places 2025-12-04`.
    static func summary() -> String {
        var said: [String] = []
        if let catalog = try? ShowCatalog.embedded() { said.append("\(catalog.shows.count) shows (\(ShowFormatting.source(catalog.source)))") }
        if let areas = try? POICatalog.embedded().areas { said.append("places in " + areas.map(\.name).joined(separator: ", ")) }
        return said.isEmpty ? "the embedded data" : said.joined(separator: ", ")
    }
}
