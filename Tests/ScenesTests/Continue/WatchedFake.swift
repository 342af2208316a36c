import Domain
import Foundation
import XCTest

@testable import Scenes

/// The watched-episodes store in memory, as `WatchedStore` answers: marks with plays, each
/// show's rating and settings, and the calls that changed them, for Continue's tests.
actor WatchedFake: WatchedWorking {
    private(set) var marks: [WatchedEpisodeKey: WatchedMark] = [:]
    private(set) var ratings: [WatchedShowID: UserRating] = [:]
    private(set) var settings: [WatchedShowID: ShowWatchSettings] = [:]
    /// Every `addPlays` and `removePlays` call, in order: `+` or `-` and the episodes' keys.
    private(set) var changes: [(sign: Character, keys: [WatchedEpisodeKey])] = []

    init(_ marks: [WatchedMark], ratings: [WatchedShowID: UserRating] = [:], settings: [WatchedShowID: ShowWatchSettings] = [:]) {
        self.marks = Dictionary(marks.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        self.ratings = ratings
        self.settings = settings
    }

    /// The plays of an episode, 0 when unmarked.
    func plays(_ key: WatchedEpisodeKey) -> Int { marks[key]?.plays ?? 0 }

    private func of(_ shows: Set<WatchedShowID>) -> WatchedAnswer<[WatchedMark]> {
        WatchedAnswer(value: marks.values.filter { shows.contains($0.key.show) }.sorted { $0.key < $1.key })
    }

    private func record(_ show: WatchedShowID) -> ShowWatchRecord {
        ShowWatchRecord(marks: of([show]).value, rating: ratings[show], settings: settings[show] ?? .standard)
    }

    func add(_ new: [WatchedMark]) async -> WatchedAnswer<[WatchedMark]> {
        for mark in new where marks[mark.key] == nil { marks[mark.key] = mark }
        return of(Set(new.map(\.key.show)))
    }

    func remove(_ episodes: [WatchedEpisodeKey]) async -> WatchedAnswer<[WatchedMark]> {
        for key in episodes { marks[key] = nil }
        return of(Set(episodes.map(\.show)))
    }

    func marks(of show: WatchedShowID) async -> WatchedAnswer<[WatchedMark]> { of([show]) }

    func allMarks() async -> WatchedAnswer<[WatchedMark]> { WatchedAnswer(value: marks.values.sorted { $0.key < $1.key }) }
    func marksForCounting() async -> WatchedAnswer<[WatchedMark]> { await allMarks() }

    /// No stamp: nothing read from this fake is kept.
    func stamp() async -> WatchedStamp? { nil }

    /// Most recently played first, as the store orders them.
    func startedShows() async -> WatchedAnswer<[WatchedShowSummary]> {
        let shows = Dictionary(grouping: marks.values, by: \.key.show).map { show, marks in
            WatchedShowSummary(
                show: show, name: marks[0].showName, markCount: marks.count, lastMarkedAt: marks.map(\.lastPlayedAt).max() ?? 0,
                settings: settings[show] ?? .standard, rating: ratings[show])
        }
        return WatchedAnswer(value: shows.sorted { ($0.lastMarkedAt, $1.show.id) > ($1.lastMarkedAt, $0.show.id) })
    }

    func addPlays(_ new: [WatchedMark]) async -> WatchedAnswer<[WatchedMark]> {
        changes.append(("+", new.map(\.key)))
        for mark in new {
            if let old = marks[mark.key] {
                marks[mark.key] = WatchedMark(
                    key: old.key, showName: mark.showName, tvmazeEpisodeID: old.tvmazeEpisodeID ?? mark.tvmazeEpisodeID,
                    tmdbEpisodeID: old.tmdbEpisodeID ?? mark.tmdbEpisodeID, markedAt: old.markedAt, plays: old.plays + 1, lastPlayedAt: mark.markedAt)
            } else {
                marks[mark.key] = mark
            }
        }
        return of(Set(new.map(\.key.show)))
    }

    func removePlays(_ episodes: [WatchedEpisodeKey]) async -> WatchedAnswer<[WatchedMark]> {
        changes.append(("-", episodes))
        for key in episodes {
            guard let old = marks[key] else { continue }
            marks[key] =
                old.plays <= 1
                ? nil
                : WatchedMark(
                    key: key, showName: old.showName, tvmazeEpisodeID: old.tvmazeEpisodeID, tmdbEpisodeID: old.tmdbEpisodeID, markedAt: old.markedAt,
                    plays: old.plays - 1, lastPlayedAt: old.plays - 1 <= 1 ? old.markedAt : old.lastPlayedAt)
        }
        return of(Set(episodes.map(\.show)))
    }

    func rate(_ episode: WatchedEpisodeKey, showName: String, rating: UserRating?, at: Int) async -> WatchedAnswer<ShowWatchRecord> {
        WatchedAnswer(value: record(episode.show))
    }

    func rateShow(_ show: WatchedShowID, name: String, rating: UserRating?, at: Int) async -> WatchedAnswer<ShowWatchRecord> {
        ratings[show] = rating
        return WatchedAnswer(value: record(show))
    }

    func setSettings(_ show: WatchedShowID, name: String, settings: ShowWatchSettings) async -> WatchedAnswer<ShowWatchRecord> {
        self.settings[show] = settings
        return WatchedAnswer(value: record(show))
    }

    func record(of show: WatchedShowID) async -> WatchedAnswer<ShowWatchRecord> { WatchedAnswer(value: record(show)) }

    func allRatings() async -> WatchedAnswer<UserRatings> {
        WatchedAnswer(value: UserRatings(shows: ratings.map { RatedShow(show: $0.key, name: "", rating: $0.value, ratedAt: 0) }))
    }
}

/// Episode lists by show id, each with its own source; `episodes` is never asked (the list
/// reads outlines).
struct OutlineStub: EpisodesWorking {
    let lists: [Int: ShowEpisodes]
    func episodes(showID: Int) async throws -> ShowEpisodes? {
        XCTFail("the full list was read")
        return lists[showID]
    }
    func episodeOutline(showID: Int) async throws -> ShowEpisodes? { lists[showID] }
    func nextAndPreviousEpisode(showID: Int) async throws -> NextAndPreviousEpisode? { nil }
}
