import Domain
import Foundation
import TestSupport
import XCTest

@testable import Workers

/// TV Time's GDPR export as a person receives it: the real files of 2020 (older generation:
/// episodes by TheTVDB episode id only, `+0000 UTC` times), the zip itself, rewatches as plays,
/// and the newer `tracking-prod-records` events with films skipped and counted.
final class TVTimeExportTests: XCTestCase {
    private func sample(_ name: String) throws -> (Data, String) {
        (try Fixtures.data("imports/tvtime_gdpr_2020-08_\(name).csv"), "\(name).csv")
    }

    func testTheRealExportReadsWithRewatchesAsPlays() throws {
        let batch = try TVTimeReader.read([try sample("seen_episode"), try sample("rewatched_episode"), try sample("user_tv_show_data")])
        let seen = batch.records.filter { $0.origin.file == "seen_episode.csv" }
        XCTAssertEqual(seen.count, 2000)
        XCTAssertEqual(seen[0].episode.tvdb, 11673)
        XCTAssertEqual(seen[0].at, 1_493_760_291)
        XCTAssertNil(seen[0].show.tvdb)
        XCTAssertEqual(seen[0].episodeTitle, "TheTVDB episode 11673 (TV Time names no show, season or number)")
        // Episode 75834 was seen (line 91) and rewatched once.
        let rewatched = try XCTUnwrap(seen.first { $0.episode.tvdb == 75834 })
        XCTAssertEqual(rewatched.plays, 2)
        XCTAssertEqual(rewatched.lastPlayedAt, 1_553_728_833)
        let favourites = batch.records.filter { $0.kind == .favourite }
        XCTAssertEqual(favourites.count, 147)
        XCTAssertEqual(favourites[0].show.tvdb, 70533)
        XCTAssertEqual(batch.skipped, ["shows not followed": 47])
        // Every rewatch is a play: of an episode seen, or an episode of its own.
        let rewatches = try String(decoding: Fixtures.data("imports/tvtime_gdpr_2020-08_rewatched_episode.csv"), as: UTF8.self)
            .split(separator: "\n").dropFirst().compactMap { Int($0.split(separator: ",")[2]) }.reduce(0, +)
        XCTAssertEqual(batch.records.compactMap(\.plays).reduce(0, +) - batch.records.filter { $0.plays != nil }.count, rewatches)
    }

    func testTheExportZipIsReadAndItsOtherFilesCounted() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("discover-tvtime-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let zip = folder + "/tvtime.zip"
        let script = """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], 'w') as z:
                z.write(sys.argv[2], 'gdpr/seen_episode.csv', compress_type=zipfile.ZIP_DEFLATED)
                z.write(sys.argv[3], 'gdpr/user_tv_show_data.csv', compress_type=zipfile.ZIP_DEFLATED)
                z.writestr('gdpr/seen_movie.csv', 'movie_id,created_at\\n1,2020-01-01 00:00:00\\n')
                z.writestr('gdpr/tracking-prod-records.csv', 'key,created_at,series_name,s_id,season_number,episode_number,ep_id\\nwatch-movie-1-9,2020-01-04 10:00:00,Film,9,,,\\n')
            """
        let made = try Subprocess.run(
            "/usr/bin/python3",
            ["-c", script, zip, Fixtures.url("imports/tvtime_gdpr_2020-08_seen_episode.csv").path, Fixtures.url("imports/tvtime_gdpr_2020-08_user_tv_show_data.csv").path])
        XCTAssertEqual(made.status, 0)
        let batch = try TVTimeReader.read(try Data(contentsOf: URL(fileURLWithPath: zip)), file: "tvtime.zip")
        XCTAssertEqual(batch.records.filter { $0.kind == .watched }.count, 2000)
        XCTAssertEqual(batch.records.first?.origin.file, "tvtime.zip:gdpr/seen_episode.csv")
        XCTAssertEqual(batch.skipped, ["shows not followed": 47, "films": 1, "other files in the archive": 1])
        XCTAssertThrowsError(try TVTimeReader.read(Data([0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18)), file: "empty.zip")) {
            XCTAssertTrue(String(describing: $0).hasPrefix("empty.zip: this zip archive holds none of TV Time's"), String(describing: $0))
        }
    }

    func testTrackingRecordsRewatchesArePlaysAndFilmsNeverStopTheImport() throws {
        let csv =
            "key,created_at,series_name,s_id,season_number,episode_number,ep_id\n"
            + "watch-episode-1-340,2020-01-02 10:00:00,South Park,75897,1,1,340\n"
            + "rewatch-episode-1-340,2020-01-05 10:00:00,South Park,75897,1,1,340\n"
            + "rewatch-episode-1-340,2020-01-06 10:00:00,South Park,75897,1,1,340\n"
            + "watch-movie-1-9,2020-01-04 10:00:00,Film,not-a-number,,,\n"
            + "rewatch-episode-1-341,2020-01-07 10:00:00,South Park,75897,1,2,341\n"
        let batch = try TVTimeReader.read(Data(csv.utf8), file: "tracking-prod-records.csv")
        XCTAssertEqual(batch.records.map(\.number), [1, 2])
        XCTAssertEqual(batch.records.map(\.plays), [3, 2])
        XCTAssertEqual(batch.records[0].lastPlayedAt, 1_578_304_800)
        XCTAssertEqual(batch.skipped, ["films": 1])
    }

    func testOlderTimesWithAnOffsetRead() {
        XCTAssertEqual(ImportTime.seconds("2017-05-02 21:24:51 +0000 UTC"), 1_493_760_291)
        XCTAssertEqual(ImportTime.seconds("2017-05-02 23:24:51 +0200 UTC"), 1_493_760_291)
        XCTAssertNil(ImportTime.seconds("2017-05-02 21:24:51 +00 UTC"))
    }
}
