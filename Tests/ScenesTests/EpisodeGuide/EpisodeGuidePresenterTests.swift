import Domain
import Foundation
import TestSupport
import Workers
import XCTest

@testable import Scenes

/// The guide's Presenter: the scale's steps, the seasons' averages, the best and worst
/// episodes, the episode page, and ShowDetail's next and latest episodes on a pinned clock.
@MainActor
final class EpisodeGuidePresenterTests: XCTestCase {
    private func present(_ guide: ShowEpisodes?, show: TVShow, startSeason: Int? = nil) -> EpisodeGuide.LoadGuide.ViewModel? {
        let sut = EpisodeGuidePresenter(clock: .utc(at: 1_764_590_400))
        let spy = EpisodeGuideDisplayLogicSpy()
        sut.viewController = spy
        sut.presentGuide(response: .init(show: show, guide: guide, isLoading: false, startSeason: startSeason))
        return spy.viewModels.last
    }

    func testTheScaleHasSixFixedStepsOnTheRatingAsShown() async {
        let cases: [(Double, RatingStep)] = [
            (0.5, .poor), (5.94, .poor), (5.95, .weak), (6.0, .weak), (6.9, .weak), (6.96, .fair), (7.0, .fair), (7.9, .fair),
            (7.95, .good), (8.0, .good), (8.44, .good), (8.45, .great), (8.9, .great), (8.95, .excellent), (9.0, .excellent), (10, .excellent)
        ]
        for (rating, step) in cases {
            XCTAssertEqual(RatingStep(rating: rating), step, "\(rating)")
        }
        XCTAssertEqual(RatingStep.allCases.map(\.name), ["poor", "weak", "fair", "good", "great", "excellent"])
    }

    func testGameOfThronesHasEightSeasonsAveragesAndTheIronThroneAsWorst() async throws {
        let loaded = try await SnapshotEpisodesWorker().episodes(showID: 82)
        let guide = try XCTUnwrap(loaded)
        let vm = try XCTUnwrap(present(guide, show: makeShow(id: 82, name: "Game of Thrones")))
        XCTAssertEqual(vm.seasons.map(\.title), (1...8).map { "S\($0)" })
        XCTAssertEqual(vm.rowCount, 10)
        XCTAssertEqual(vm.title, "Game of Thrones: episodes")
        // Each cell is its episode's rating to one decimal, on its step.
        for (season, column) in zip(guide.seasons, vm.seasons) {
            XCTAssertEqual(column.cells.map(\.rating), season.episodes.map { $0.rating.map { DecimalText.fixed($0.average, decimals: 1) } })
            XCTAssertEqual(column.cells.map(\.step), season.episodes.map { $0.rating.map { RatingStep(rating: $0.average) } })
            let rated = season.episodes.compactMap { $0.rating?.average }
            XCTAssertEqual(column.average, DecimalText.fixed(rated.reduce(0, +) / Double(rated.count), decimals: 1))
        }
        XCTAssertEqual(vm.seasons[7].average, "6.5")
        // Days on the viewer's calendar (UTC here): HBO's 21:00 EDT is 01:00 UTC the next day
        XCTAssertEqual(vm.seasons[0].heading, "Season 1 · 10 episodes · 2011-04-18 – 2011-06-20 · average 8.5")
        XCTAssertEqual(vm.worst, "Worst: S08E06 ‘The Iron Throne’ 5.3")
        XCTAssertEqual(vm.best, "Best: S02E09 ‘Blackwater’ 9.2")
        XCTAssertEqual(vm.seasons[7].cells[5].mark, .worst)
        XCTAssertEqual(vm.seasons[1].cells[8].mark, .best)
        XCTAssertEqual(vm.seasons.flatMap(\.cells).filter { $0.mark != .none }.count, 2)
        XCTAssertEqual(vm.seasons[0].rows[8], .init(code: "S01E09", name: "Baelor", airDate: "2011-06-13", runtime: "60 min", rating: "8.9", step: .great))
    }

    func testTheSimpsonsBestIsTreehouseOfHorrorVAndTheUnairedEpisodeIsUnrated() async throws {
        let loaded = try await SnapshotEpisodesWorker().episodes(showID: 83)
        let guide = try XCTUnwrap(loaded)
        let vm = try XCTUnwrap(present(guide, show: makeShow(id: 83, name: "The Simpsons"), startSeason: 6))
        XCTAssertEqual(vm.seasons.count, 35)
        XCTAssertEqual(vm.best, "Best: S06E06 ‘Treehouse of Horror V’ 9.6")
        XCTAssertEqual(vm.worst, "Worst: S27E14 ‘Gal of Constant Sorrow’ 5.3")
        XCTAssertEqual(vm.seasons[34].cells, [.init(rating: nil, step: nil, mark: .none)])
        XCTAssertNil(vm.seasons[34].average)
        XCTAssertEqual(vm.seasons[34].rows.first?.rating, "·")
        XCTAssertEqual(vm.startSeasonIndex, 5, "the guide opens on season 6")
        XCTAssertEqual(vm.rowCount, 25)
    }

    func testTiesGoToTheEarlierEpisodeAndASingleRatedEpisodeIsOnlyTheBest() async {
        func episode(_ id: Int, _ number: Int, _ rating: Double?) -> Episode {
            Episode(id: id, season: 1, number: number, name: "E\(number)", rating: rating.flatMap { EpisodeRating(average: $0) })
        }
        var extremes = EpisodeGuidePresenter.extremes([episode(1, 1, 8), episode(2, 2, 9), episode(3, 3, 9), episode(4, 4, 6), episode(5, 5, 6)])
        XCTAssertEqual(extremes.best?.id, 2)
        XCTAssertEqual(extremes.worst?.id, 4)
        extremes = EpisodeGuidePresenter.extremes([episode(1, 1, nil), episode(2, 2, 7.5)])
        XCTAssertEqual(extremes.best?.id, 2)
        XCTAssertNil(extremes.worst)
    }

    func testSpecialsAreTheLastColumnSpWithTheirCountNeverTheBestOrWorst() async {
        let regular = [
            Episode(id: 1, season: 1, number: 1, name: "Pilot", rating: EpisodeRating(average: 7)),
            Episode(id: 2, season: 1, number: 2, name: "Two", rating: EpisodeRating(average: 8))
        ]
        let specials = [
            Episode(id: 10, season: 5, number: nil, name: "Christmas", rating: EpisodeRating(average: 9.9), isSpecial: true),
            Episode(id: 11, season: 0, number: 3, name: "Webisode", rating: EpisodeRating(average: 1), isSpecial: true),
            Episode(id: 12, season: 0, number: 4, name: "Extra", isSpecial: true)
        ]
        let guide = ShowEpisodes(showID: 1, episodes: regular + specials, source: .live(provider: .tvmaze))
        let vm = present(guide, show: makeShow(id: 1, name: "Show"))
        XCTAssertEqual(vm?.seasons.map(\.title), ["S1", "Sp"])
        XCTAssertEqual(vm?.seasons.map(\.isSpecials), [false, true])
        XCTAssertEqual(vm?.rowCount, 3, "the specials' column is the longest")
        XCTAssertEqual(vm?.note, "Sp: 3 specials")
        XCTAssertNil(vm?.message)
        let column = vm?.seasons.last
        XCTAssertEqual(column?.heading, "Specials · 3 specials · average 5.5")
        XCTAssertEqual(column?.rows.map(\.code), ["S00E03", "S00E04", "S05 sp"])
        XCTAssertEqual(column?.cells.map(\.mark), [.none, .none, .none])
        XCTAssertEqual(vm?.best, "Best: S01E02 ‘Two’ 8.0", "the best and worst are regular episodes")
        XCTAssertEqual(vm?.worst, "Worst: S01E01 ‘Pilot’ 7.0")
        let only = present(ShowEpisodes(showID: 1, episodes: [specials[0]], source: .live(provider: .tvmaze)), show: makeShow(id: 1, name: "Show"))
        XCTAssertEqual(only?.seasons.map(\.title), ["Sp"], "only specials: still a chart")
        XCTAssertEqual(only?.note, "Sp: 1 special")
    }

    func testMessagesForLoadingNothingRecordedAndFailures() async throws {
        let show = makeShow(id: 1, name: "Under the Dome")
        let sut = EpisodeGuidePresenter(clock: .utc(at: 1_764_590_400))
        let spy = EpisodeGuideDisplayLogicSpy()
        sut.viewController = spy
        sut.presentGuide(response: .init(show: show, guide: nil, isLoading: true))
        XCTAssertEqual(spy.viewModels.last?.message, "Loading episodes…")
        sut.presentGuide(response: .init(show: show, guide: nil, isLoading: false, notRecorded: true))
        XCTAssertEqual(spy.viewModels.last?.message, "No episode list is recorded for this show in this source.")
        // With nothing to move over, the hints offer the way back and a reload, not the chart's keys.
        let guide = EpisodeGuideViewController()
        guide.displayGuide(viewModel: try XCTUnwrap(spy.viewModels.last))
        XCTAssertEqual(guide.statusBar.hints, "Esc back  r reload  ? help")
        sut.presentGuide(response: .init(show: show, guide: nil, isLoading: false, error: .rateLimited(provider: .tvmaze, retryAfterSeconds: 8), retryInSeconds: 8))
        XCTAssertEqual(spy.viewModels.last?.message, "TVmaze is rate limiting: retrying in 8 s. Press r to retry now.")
        XCTAssertEqual(spy.viewModels.last?.messageIsError, true)
    }

    func testTheEpisodePageGivesTheAirTimeInTheViewersZoneWithItsAbbreviation() async throws {
        let newYork = try XCTUnwrap(ZoneInfoDatabase(environment: [:]).rules(named: "America/New_York"), "tzdata")
        let sut = EpisodeGuidePresenter(clock: .fixed(at: Date(timeIntervalSince1970: 1_764_590_400), viewer: newYork, zones: [:]))
        let spy = EpisodeGuideDisplayLogicSpy()
        sut.viewController = spy
        let episode = Episode(
            id: 4952, season: 1, number: 9, name: "Baelor", airDate: CalendarDate(iso: "2011-06-12"),
            airstamp: Date(timeIntervalSince1970: 1_307_926_800), runtimeMinutes: 57,
            rating: EpisodeRating(average: 9.1, voteCount: 120), summary: ["Ned makes a fateful decision."])
        sut.presentEpisode(response: .init(showName: "Game of Thrones", episode: episode))
        let vm = try XCTUnwrap(spy.episodes.last)
        XCTAssertEqual(vm.title, "Baelor")
        XCTAssertEqual(vm.subtitle, "Game of Thrones · S01E09 · ★ 9.1")
        XCTAssertEqual(vm.facts.map(\.value), ["S01E09 (Season 1, episode 9)", "Sun 12 Jun 2011 21:00 EDT", "57 min", "9.1 / 10 (120 votes)"])
        XCTAssertEqual(vm.summary, ["Ned makes a fateful decision."])
    }

    func testTheRowAndThePageSayTheSameViewersDayAndThePageAddsTheNetworksWhereItDiffers() throws {
        // Given a viewer in UTC and an episode HBO aired Sun 7 Apr 2013 21:00 EDT (Mon 01:00 UTC)
        let sut = EpisodeGuidePresenter(clock: .utc(at: 1_764_590_400))
        let spy = EpisodeGuideDisplayLogicSpy()
        sut.viewController = spy
        let episode = Episode(
            id: 4961, season: 3, number: 1, name: "Valar Dohaeris", airDate: CalendarDate(iso: "2013-04-07"),
            airstamp: Date(timeIntervalSince1970: 1_365_382_800), runtimeMinutes: 55)
        let show = makeShow(id: 82, name: "Game of Thrones")
        let guide = ShowEpisodes(showID: 82, seasons: [SeasonEpisodes(number: 3, episodes: [episode])], specials: [], source: .live(provider: .tvmaze))
        sut.presentGuide(response: .init(show: show, guide: guide, isLoading: false, error: nil))
        sut.presentEpisode(response: .init(showName: "Game of Thrones", episode: episode))
        // Then the row says the viewer's day, and the page the same day with the network's beside it
        XCTAssertEqual(spy.viewModels.last?.seasons.first?.rows.first?.airDate, "2013-04-08")
        XCTAssertEqual(spy.episodes.last?.facts.first { $0.label == "Aired" }?.value, "Mon 8 Apr 2013 01:00 UTC (network's date Sun 7 Apr)")
    }

    func testShowDetailSaysTheNextEpisodeInTheViewersZoneAndHowFarOffOnAPinnedClock() async throws {
        // The viewer in Paris, whatever TZ the tests run under.
        let paris = try XCTUnwrap(ZoneInfoDatabase(environment: [:]).rules(named: "Europe/Paris"), "tzdata")
        // 2025-12-01 12:00 UTC; the next episode airs 2025-12-04 20:00 UTC (21:00 in Paris).
        let sut = ShowDetailPresenter(
            now: { 1_764_590_400 },
            airClock: .fixed(at: Date(timeIntervalSince1970: 1_764_590_400), viewer: paris, zones: ["Europe/Paris": paris]))
        let spy = ShowDetailDisplayLogicSpy()
        sut.viewController = spy
        let show = makeShow(id: 1, name: "Slow Horses")
        let next = Episode(id: 2, season: 8, number: 3, name: "Title", airstamp: Date(timeIntervalSince1970: 1_764_878_400))
        let last = Episode(
            id: 1, season: 8, number: 2, name: "Before", airstamp: Date(timeIntervalSince1970: 1_764_273_600),
            rating: EpisodeRating(average: 8.4))
        let details = TVShowDetails(show: show, cast: nil, seasons: nil, source: .live(provider: .tvmaze), nextEpisode: next, previousEpisode: last)
        sut.presentDetails(response: .init(show: show, details: details, isLoading: false, error: nil))
        let section = try XCTUnwrap(spy.viewModels.last?.sections.first { $0.title == "Episodes" })
        XCTAssertEqual(
            section.paragraphs,
            [
                "Next: S08E03 ‘Title’ · Thu 4 Dec 21:00 CET (in 3 days)",
                "Last: S08E02 ‘Before’ 8.4 · Thu 27 Nov 21:00 CET (4 days ago)"
            ])
    }

    func testDaysBetweenCountsAcrossMonthsYearsAndLeapDays() async throws {
        func day(_ iso: String) throws -> CalendarDate { try XCTUnwrap(CalendarDate(iso: iso)) }
        XCTAssertEqual(AirTimeText.daysBetween(try day("2024-02-28"), try day("2024-03-01")), 2)
        XCTAssertEqual(AirTimeText.daysBetween(try day("2025-12-31"), try day("2026-01-01")), 1)
        XCTAssertEqual(AirTimeText.serial(try day("1970-01-01")), 0)
        XCTAssertEqual(AirTimeText.relative(try day("2025-12-02"), from: try day("2025-12-01")), "tomorrow")
        XCTAssertEqual(AirTimeText.relative(try day("2025-11-30"), from: try day("2025-12-01")), "yesterday")
        XCTAssertEqual(AirTimeText.relative(try day("2025-12-01"), from: try day("2025-12-01")), "today")
    }
}
