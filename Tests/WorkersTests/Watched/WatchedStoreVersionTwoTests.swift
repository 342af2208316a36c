import Domain
import Foundation
import TestSupport
import XCTest

@testable import Workers

#if canImport(Glibc)
    import Glibc
#endif

/// Schema version 2 on real folders: plays, episode and show ratings and per-show settings
/// round trip; a version-1 file from the release before is copied aside and moved in one
/// transaction; a move killed at any point leaves a store that opens with every mark.
@MainActor
final class WatchedStoreVersionTwoTests: XCTestCase {
    private var root = ""
    private let got = WatchedShowID(provider: ProviderName.tvmaze.name, id: 82)

    override func setUp() async throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("discover-watched2-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    private func folder(_ name: String) throws -> String {
        let path = root + "/" + name
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func key(_ season: Int, _ number: Int) -> WatchedEpisodeKey { WatchedEpisodeKey(show: got, season: season, number: number) }

    private func mark(_ season: Int, _ number: Int, at time: Int = 1_764_000_000) -> WatchedMark {
        WatchedMark(key: key(season, number), showName: "Game of Thrones", tvmazeEpisodeID: 4952 + number, markedAt: time)
    }

    /// A file as the release before ratings made it: the version-1 schema and `count` marks.
    private func makeVersionOneFile(in directory: String, count: Int) throws {
        let database = try SQLiteDatabase(path: directory + "/" + WatchedStore.fileName, create: true, busyMilliseconds: 5_000)
        try database.execute("PRAGMA journal_mode=WAL")
        try WatchedSchema.makeVersionOneSchema(database)
        try database.transaction {
            try database.repeatedly(
                "INSERT INTO mark (provider, show_id, season, number, show_name, tvmaze_episode_id, tmdb_episode_id, marked_at) VALUES (?, ?, ?, ?, ?, ?, NULL, ?)",
                (0..<count).map { i -> [SQLiteValue] in
                    let show = Int64(1 + i / 500), season = Int64(1 + (i % 500) / 50), number = Int64(1 + i % 50)
                    let at = 1_700_000_000 + Int64(i)
                    return [.text("tvmaze"), .integer(show), .integer(season), .integer(number), .text("Show \(i / 500)"), .integer(Int64(i)), .integer(at)]
                })
        }
        database.close()
    }

    private func userVersion(_ path: String) throws -> Int64 {
        let database = try SQLiteDatabase(path: path, create: false, busyMilliseconds: 5_000)
        defer { database.close() }
        return try database.integer("PRAGMA user_version")
    }

    private func markCount(_ path: String) throws -> Int64 {
        let database = try SQLiteDatabase(path: path, create: false, busyMilliseconds: 5_000)
        defer { database.close() }
        return try database.integer("SELECT count(*) FROM mark")
    }

    // MARK: Plays, ratings, settings

    func testPlaysCountRewatchesAndUndoTakesOneBackThenTheMark() async throws {
        let store = try WatchedStore(directory: try folder("plays"))
        try store.addPlays([mark(1, 1, at: 100)])
        try store.addPlays([mark(1, 1, at: 200), mark(1, 1, at: 300)])
        var first = try XCTUnwrap(try store.marks(of: got).first)
        XCTAssertEqual(first.plays, 3)
        XCTAssertEqual(first.markedAt, 100, "the first play's time is kept")
        XCTAssertEqual(first.lastPlayedAt, 300)
        try store.removePlays([key(1, 1)])
        first = try XCTUnwrap(try store.marks(of: got).first)
        XCTAssertEqual(first.plays, 2)
        try store.removePlays([key(1, 1)])
        first = try XCTUnwrap(try store.marks(of: got).first)
        XCTAssertEqual(first.plays, 1)
        XCTAssertEqual(first.lastPlayedAt, 100, "one play left: its time is the first")
        try store.removePlays([key(1, 1), key(1, 2)])
        XCTAssertEqual(try store.marks(of: got), [], "the last play takes the mark; an unmarked episode is skipped")
        // Marking (not playing) an episode already watched changes no count.
        try store.addPlays([mark(1, 1)])
        try store.add([mark(1, 1)])
        XCTAssertEqual(try store.marks(of: got).first?.plays, 1)
    }

    func testEpisodeAndShowRatingsAndSettingsRoundTripAcrossReopeningAndClear() async throws {
        let dir = try folder("ratings")
        do {
            let store = try WatchedStore(directory: dir)
            try store.rate(key(1, 1), showName: "Game of Thrones", rating: UserRating(9), at: 10)
            try store.rate(key(0, 2), showName: "Game of Thrones", rating: UserRating(4), at: 11)
            try store.rateShow(got, name: "Game of Thrones", rating: UserRating(8), at: 12)
            try store.setSettings(got, name: "Game of Thrones", settings: ShowWatchSettings(countsSpecials: true, order: .any))
        }
        let store = try WatchedStore(directory: dir)
        let record = try store.record(of: got)
        XCTAssertEqual(record.episodeRatings, [SeasonAndNumber(season: 1, number: 1): UserRating(9)!, SeasonAndNumber(season: 0, number: 2): UserRating(4)!])
        XCTAssertEqual(record.rating, UserRating(8))
        XCTAssertEqual(record.settings, ShowWatchSettings(countsSpecials: true, order: .any))
        XCTAssertEqual(record.marks, [], "a rating marks nothing watched")
        let all = try store.allRatings()
        XCTAssertEqual(all.episodes.map { "\($0.key.season)x\($0.key.number)=\($0.rating)@\($0.ratedAt)" }, ["0x2=4@11", "1x1=9@10"])
        XCTAssertEqual(all.shows.map { "\($0.name)=\($0.rating)@\($0.ratedAt)" }, ["Game of Thrones=8@12"])
        XCTAssertEqual(try store.allSettings().map(\.settings.summary), ["specials counted · order any"])

        try store.rate(key(1, 1), showName: "Game of Thrones", rating: nil, at: 20)
        try store.rateShow(got, name: "Game of Thrones", rating: nil, at: 21)
        XCTAssertEqual(try store.record(of: got).episodeRatings.count, 1)
        XCTAssertNil(try store.record(of: got).rating)
        XCTAssertEqual(try store.record(of: got).settings.order, .any, "clearing the rating keeps the settings")
        try store.setSettings(got, name: "Game of Thrones", settings: .standard)
        XCTAssertEqual(try store.allSettings(), [])
    }

    func testStartedShowsCarryRatingSettingsAndTheLatestPlay() async throws {
        let store = try WatchedStore(directory: try folder("started"))
        let other = WatchedShowID(provider: ProviderName.tvmaze.name, id: 1)
        try store.add([mark(1, 1, at: 100)])
        try store.add([WatchedMark(key: WatchedEpisodeKey(show: other, season: 1, number: 1), showName: "Under the Dome", markedAt: 200)])
        XCTAssertEqual(try store.startedShows().map(\.show.id), [1, 82])
        try store.addPlays([mark(1, 1, at: 300)])
        try store.rateShow(got, name: "Game of Thrones", rating: UserRating(7), at: 300)
        let shows = try store.startedShows()
        XCTAssertEqual(shows.map(\.show.id), [82, 1], "a rewatch makes the show the latest")
        XCTAssertEqual(shows.first?.lastMarkedAt, 300)
        XCTAssertEqual(shows.first?.rating, UserRating(7))
        XCTAssertEqual(shows.first?.settings, .standard)
    }

    // MARK: From version 1

    func testAVersionOneFileIsCopiedAsideAndMovedWithEveryMark() async throws {
        let dir = try folder("v1")
        try makeVersionOneFile(in: dir, count: 1_200)
        let path = dir + "/" + WatchedStore.fileName
        let store = try WatchedStore(directory: dir)
        XCTAssertEqual(
            store.notice,
            "watched.sqlite3 now keeps ratings, plays and per-show settings (schema 2); the earlier file is kept as watched.sqlite3.v1")
        XCTAssertEqual(try store.allMarks().count, 1_200)
        XCTAssertTrue(try store.allMarks().allSatisfy { $0.plays == 1 })
        XCTAssertEqual(try userVersion(path), 2)
        XCTAssertEqual(try userVersion(path + ".v1"), 1, "the copy is the old file as it was")
        XCTAssertEqual(try markCount(path + ".v1"), 1_200)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".v1.partial"))
        // The moved file takes the new kinds of data, and opening again says nothing more.
        try store.rate(WatchedEpisodeKey(show: WatchedShowID(provider: "tvmaze", id: 1), season: 1, number: 1), showName: "Show 0", rating: UserRating(10), at: 1)
        XCTAssertNil(try WatchedStore(directory: dir).notice)
    }

    func testAnOlderReleaseMeetingVersionTwoLeavesItUntouched() async throws {
        let dir = try folder("older")
        do { try WatchedStore(directory: dir).add([mark(1, 1)]) }
        let path = dir + "/" + WatchedStore.fileName
        XCTAssertEqual(try userVersion(path), 2)
        // The release before checks `user_version > 1`: the same check this one makes for 3.
        let database = try SQLiteDatabase(path: path, create: false, busyMilliseconds: 5_000)
        try database.execute("PRAGMA user_version = 3")
        database.close()
        let before = try XCTUnwrap(FileManager.default.contents(atPath: path))
        XCTAssertThrowsError(try WatchedStore(directory: dir)) { error in
            XCTAssertEqual(error as? WatchedStoreError, .newerVersion(path: path, version: 3))
        }
        XCTAssertEqual(FileManager.default.contents(atPath: path), before)
    }

    func testAMoveKilledAtAnyPointLeavesAStoreThatOpensWithEveryMark() async throws {
        let program = BuiltProducts.watchedStress
        guard FileManager.default.isExecutableFile(atPath: program) else { throw XCTSkip("watched-stress is not built (swift build --build-tests)") }
        var outcomes: [String: Int] = [:]
        for round in 0..<16 {
            let dir = try folder("kill\(round)")
            try makeVersionOneFile(in: dir, count: 20_000)
            let log = root + "/open\(round).log"
            let pid = try StressProcess.spawn(program, ["open", dir], log: log, errors: log + ".err")
            // Wait for a state (the program has started opening), then kill it after a delay that
            // grows each round, so the kills fall before, during and after the copy and the move.
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline, !((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("opening") { usleep(1_000) }
            usleep(UInt32(round) * 3_000)
            kill(pid, SIGKILL)
            let status = StressProcess.waitStatus(pid)
            let path = dir + "/" + WatchedStore.fileName
            let version = try userVersion(path)
            outcomes["\(status == 0 ? "finished" : "killed") v\(version)", default: 0] += 1
            XCTAssertTrue(version == 1 || version == 2, "round \(round): version \(version)")
            XCTAssertEqual(try markCount(path), 20_000, "round \(round): every mark in the file")
            if version == 2 { XCTAssertEqual(try markCount(path + ".v1"), 20_000, "round \(round): a moved file has its whole copy") }
            let store = try WatchedStore(directory: dir)
            XCTAssertEqual(try store.allMarks().count, 20_000, "round \(round): opens with every mark")
            XCTAssertEqual(try userVersion(path), 2)
        }
        print("migration kills: \(outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))")
    }
}
