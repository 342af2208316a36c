import Domain
import Foundation
import TestSupport
import XCTest

@testable import Workers

/// The embedded snapshot's episode lists, casts and schedules, read offline from the binary's
/// compact files, checked against the recorded files they were written from.
final class SnapshotEpisodesTests: XCTestCase {
    private let sut = SnapshotEpisodesWorker()

    func testGameOfThronesHasAllEightSeasonsAndTheIronThroneIsTheWorst() async throws {
        let guide = try await unwrapAsync(try await sut.episodes(showID: 82))
        XCTAssertEqual(guide.seasons.map(\.number), Array(1...8))
        XCTAssertEqual(guide.seasons.map(\.episodes.count), [10, 10, 10, 10, 10, 10, 7, 6])
        let worst = try XCTUnwrap(guide.regularEpisodes.min { ($0.rating?.average ?? 11) < ($1.rating?.average ?? 11) })
        XCTAssertEqual(worst.code, "S08E06")
        XCTAssertEqual(worst.name, "The Iron Throne")
        XCTAssertEqual(worst.rating?.average, 5.3)
        XCTAssertEqual(guide.source, .embeddedSnapshot(provider: .tvmaze, capturedOn: CalendarDate(year: 2025, month: 8, day: 14)))
        XCTAssertFalse(worst.summary.isEmpty)
    }

    func testEveryRecordedListGivesWhatItsRecordedFileGives() async throws {
        let files: [Int: String] = [
            83: "episodes_83_the-simpsons.json", 169: "episodes_169_breaking-bad_2021-04.json", 123: "episodes_123_lost.json",
            49: "episodes_49_brooklyn-nine-nine.json", 84: "episodes_84_family-guy.json", 431: "show_431_friends_embed-episodes.json",
            315: "show_315_archer_embed-episodes.json", 82: "shows_82_episodes.json"
        ]
        for (id, file) in files {
            let data = try Fixtures.snapshotData(file)
            let dtos: [TVmazeDTO.EpisodeRecord]
            if file.hasPrefix("show_") {
                dtos = try XCTUnwrap(try JSONDecoder().decode(TVmazeDTO.ShowEmbeddingEpisodes.self, from: data).episodes)
            } else {
                dtos = try JSONDecoder().decode(LossyArray<TVmazeDTO.EpisodeRecord>.self, from: data).elements
            }
            let expected = ShowEpisodes(showID: id, episodes: dtos.map(TVmazeEpisodeMapper.episode), source: .live(provider: .tvmaze))
            let guide = try await unwrapAsync(try await sut.episodes(showID: id))
            XCTAssertEqual(guide.seasons, expected.seasons, file)
            XCTAssertEqual(guide.specials, expected.specials, file)
            XCTAssertFalse(guide.seasons.isEmpty, file)
        }
    }

    func testAShowWithoutARecordedListOrCastSaysSo() async throws {
        let none = try await sut.episodes(showID: 44778)
        XCTAssertNil(none, "House of the Dragon: no episode list recorded")
        XCTAssertNil(try SnapshotEpisodesWorker.cast(showID: 44778))
        let pair = try await sut.nextAndPreviousEpisode(showID: 82)
        XCTAssertNil(pair)
        // A prefix of a recorded id is another show.
        let prefix = try await sut.episodes(showID: 8)
        XCTAssertNil(prefix)
    }

    func testRecordedCastsFromTVmazeAndTMDB() throws {
        let got = try XCTUnwrap(try SnapshotEpisodesWorker.cast(showID: 82))
        XCTAssertEqual(got.provider, .tmdb)
        XCTAssertEqual(got.cast.first, CastMember(personName: "Peter Dinklage", characterName: "Tyrion Lannister"))
        XCTAssertEqual(got.cast.count, 16)
        let friends = try XCTUnwrap(try SnapshotEpisodesWorker.cast(showID: 431))
        XCTAssertEqual(friends.provider, .tvmaze)
        XCTAssertEqual(friends.cast.count, 6)
        let details = try ShowCatalog.embedded().details(for: TVShow(id: 82, name: "Game of Thrones"))
        XCTAssertEqual(details.cast?.first?.personName, "Peter Dinklage")
        XCTAssertEqual(details.castSource?.provider, .tmdb)
    }

    func testOfflineDetailsOfGameOfThronesListItsEightRecordedSeasonsFromEitherList() async throws {
        let whole = try ShowCatalog.embedded()
        let week = try XCTUnwrap(try ShowCatalog.embeddedRecordedWeek())
        let popular = whole.airing(in: week)
        let got = try XCTUnwrap(whole.shows.first { $0.id == 82 })
        XCTAssertFalse(popular.shows.contains { $0.id == 82 }, "Game of Thrones is found in the rest of the snapshot")
        // Details asked of the popular list's worker, as when the filter finds the show in the
        // whole snapshot, and of the whole snapshot's.
        for worker in [SnapshotShowsWorker(catalog: popular), SnapshotShowsWorker(catalog: whole)] {
            let details = try await worker.showDetails(for: got)
            let seasons = try XCTUnwrap(details.seasons, "seasons recorded")
            XCTAssertEqual(seasons.map(\.number), Array(1...8))
            XCTAssertEqual(seasons.map(\.episodeCount), [10, 10, 10, 10, 10, 10, 7, 6])
            XCTAssertEqual(details.cast?.first?.personName, "Peter Dinklage")
            XCTAssertFalse(details.show.summary.isEmpty)
        }
    }

    func testARecordedDayIsServedAndAnotherDayGetsTheNewestRecordedOne() async throws {
        let day = try XCTUnwrap(CalendarDate(year: 2020, month: 12, day: 1))
        let us = try await unwrapAsync(try await sut.schedule(countryCode: "us", date: day))
        XCTAssertEqual(us.date, day)
        XCTAssertEqual(us.entries.count, 72)
        XCTAssertEqual(us.entries.first?.show.name, "Adult Swim Infomercials")
        XCTAssertEqual(us.entries.first?.channelName, "Adult Swim")
        XCTAssertEqual(us.source, .embeddedSnapshot(provider: .tvmaze, capturedOn: CalendarDate(year: 2021, month: 8, day: 11)))

        let today = try XCTUnwrap(CalendarDate(year: 2026, month: 11, day: 30))
        let newest = try await unwrapAsync(try await sut.schedule(countryCode: "US", date: today))
        XCTAssertEqual(newest.date, day, "the newest recorded US day")
        let web = try await unwrapAsync(try await sut.webSchedule(date: day))
        XCTAssertEqual(web.entries.count, 100)
        XCTAssertTrue(web.entries.allSatisfy(\.isWeb))
        let norway = try await unwrapAsync(try await sut.schedule(countryCode: "NO", date: today))
        XCTAssertEqual(norway.entries.count, 3)
        let none = try await sut.schedule(countryCode: "JP", date: today)
        XCTAssertNil(none)
        XCTAssertEqual(try SnapshotEpisodesWorker.recordedDays(countryCode: "US").map(\.description), ["2017-09-21", "2019-04-21", "2020-12-01"])
        XCTAssertEqual(try SnapshotEpisodesWorker.recordedDays(countryCode: nil).count, 31)
    }

    func testTheCompactFilesAreUpToDate() throws {
        let script = Fixtures.snapshotDirectory.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/compact_snapshot.py").path
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "python3 is not installed")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script, "--check"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 0, output)
    }
}
