import Domain
import Foundation
import Workers
import XCTest

@testable import Scenes

/// One season, one range of days: the show's page and its episode guide give a season's first
/// and last days on the viewer's calendar, so a viewer in Paris sees the same range on both for
/// a season HBO aired on Sundays at 21:00 in New York (Mondays at 03:00 in Paris).
@MainActor
final class SeasonDaysTests: XCTestCase {
    /// Game of Thrones' first season as TVmaze gives it: the network's days (`premiereDate`,
    /// `endDate`, `airdate`), and each episode's instant (`airstamp`, 01:00 UTC the next day).
    private let firstDay = CalendarDate(year: 2011, month: 4, day: 17) ?? .unixEpoch
    private let lastDay = CalendarDate(year: 2011, month: 6, day: 19) ?? .unixEpoch
    private let firstStamp = Date(timeIntervalSince1970: 1_303_088_400) // 2011-04-18 01:00 UTC
    private let lastStamp = Date(timeIntervalSince1970: 1_308_531_600) // 2011-06-20 01:00 UTC

    private func show() -> TVShow {
        TVShow(
            id: 82, name: "Game of Thrones", schedule: AirSchedule(time: "21:00", days: ["Sunday"]),
            broadcaster: Broadcaster(name: "HBO", kind: .network, countryName: "United States", countryCode: "US"))
    }

    private func clock(viewer: String) throws -> AirClock {
        let database = ZoneInfoDatabase(environment: [:])
        let zones = try ["America/New_York", "Europe/Paris", "Asia/Tokyo", "America/Los_Angeles"].reduce(into: [String: TimeZoneRules]()) {
            $0[$1] = try XCTUnwrap(database.rules(named: $1), "tzdata")
        }
        return .fixed(at: Date(timeIntervalSince1970: 1_764_590_400), viewer: try XCTUnwrap(zones[viewer]), zones: zones)
    }

    /// The range the show's page gives the season, and the one the guide's heading gives it.
    private func ranges(viewer: String) throws -> (page: String, guide: String) {
        let clock = try clock(viewer: viewer)
        let show = show()
        let details = TVShowDetails(
            show: show, cast: [], seasons: [SeasonSummary(number: 1, episodeCount: 2, premiered: firstDay, ended: lastDay)],
            source: .live(provider: .tvmaze))
        let page = ShowDetailPresenter(now: { 1_764_590_400 }, airClock: clock)
        let pageSpy = ShowDetailDisplayLogicSpy()
        page.viewController = pageSpy
        page.presentDetails(response: .init(show: show, details: details, isLoading: false, error: nil))
        let line = try XCTUnwrap(pageSpy.viewModels.last?.sections.first { $0.title.hasPrefix("Seasons") }?.paragraphs.first)

        let episodes = [
            Episode(id: 1, season: 1, number: 1, name: "Winter Is Coming", airDate: firstDay, airstamp: firstStamp),
            Episode(id: 10, season: 1, number: 2, name: "Fire and Blood", airDate: lastDay, airstamp: lastStamp)
        ]
        let guide = EpisodeGuidePresenter(clock: clock)
        let guideSpy = EpisodeGuideDisplayLogicSpy()
        guide.viewController = guideSpy
        let listed = ShowEpisodes(showID: 82, seasons: [SeasonEpisodes(number: 1, episodes: episodes)], specials: [], source: .live(provider: .tvmaze))
        guide.presentGuide(response: .init(show: show, guide: listed, isLoading: false, error: nil))
        let heading = try XCTUnwrap(guideSpy.viewModels.last?.seasons.first?.heading)

        // The range is the part of each that holds two days.
        func range(_ text: String) -> String {
            text.components(separatedBy: " · ").first { $0.contains(" – ") } ?? text
        }
        return (range(line), range(heading))
    }

    func testTheShowsPageAndItsGuideGiveTheSameRangeInTheViewersZone() async throws {
        // In Paris the Sunday 21:00 airings in New York fall on Mondays
        let paris = try ranges(viewer: "Europe/Paris")
        XCTAssertEqual(paris.page, "2011-04-18 – 2011-06-20")
        XCTAssertEqual(paris.guide, paris.page)
        // In Los Angeles they are the Sunday, as in New York
        let losAngeles = try ranges(viewer: "America/Los_Angeles")
        XCTAssertEqual(losAngeles.page, "2011-04-17 – 2011-06-19")
        XCTAssertEqual(losAngeles.guide, losAngeles.page)
        // And in Tokyo the Monday too
        let tokyo = try ranges(viewer: "Asia/Tokyo")
        XCTAssertEqual(tokyo.guide, tokyo.page)
    }

    func testWithoutAnAirTimeTheSourcesDaysStand() async throws {
        // A show with no time in its schedule (TMDB gives none) keeps the days as given.
        let show = TVShow(id: 1, name: "Web Show", broadcaster: Broadcaster(name: "Netflix", kind: .webChannel))
        XCTAssertEqual(AirTimeText.viewerDay(networkDay: firstDay, of: show, clock: try clock(viewer: "Asia/Tokyo")), firstDay)
    }
}
