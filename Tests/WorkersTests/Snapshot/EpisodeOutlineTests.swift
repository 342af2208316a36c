import Domain
import Foundation
import TestSupport
import XCTest

@testable import Workers

/// The snapshot's episode lists read for counting (`EpisodeOutlineScanner`): the same episodes
/// as the full decoding with their runtimes, without synopses and ratings; and lines the scanner is not
/// sure of left to `JSONDecoder`.
final class EpisodeOutlineTests: XCTestCase {
    private let sut = SnapshotEpisodesWorker()

    /// An episode as the outline gives it: the full one without what a count does not need.
    private func outlined(_ episode: Episode) -> Episode {
        Episode(
            id: episode.id, season: episode.season, number: episode.number, name: episode.name,
            airDate: episode.airDate, airstamp: episode.airstamp, runtimeMinutes: episode.runtimeMinutes, isSpecial: episode.isSpecial)
    }

    func testEveryRecordedListOutlinesToTheFullListWithoutSynopses() async throws {
        let ids = try SnapshotEpisodesWorker.recordedEpisodeShows()
        XCTAssertTrue(ids.isSuperset(of: [82, 83]), "\(ids.sorted())")
        for id in ids.sorted() {
            let full = try await unwrapAsync(try await sut.episodes(showID: id))
            let outline = try await unwrapAsync(try await sut.episodeOutline(showID: id))
            XCTAssertEqual(outline.source, full.source, "show \(id)")
            XCTAssertEqual(outline.seasons.map(\.number), full.seasons.map(\.number), "show \(id)")
            XCTAssertEqual(outline.regularEpisodes, full.regularEpisodes.map(outlined), "show \(id)")
            XCTAssertEqual(outline.specials, full.specials.map(outlined), "show \(id)")
            XCTAssertTrue(outline.regularEpisodes.allSatisfy { $0.summary.isEmpty && $0.rating == nil })
            XCTAssertEqual(outline.regularEpisodes.map(\.runtimeMinutes), full.regularEpisodes.map(\.runtimeMinutes), "show \(id)")
        }
    }

    func testAShowWithoutARecordedListHasNoOutline() async throws {
        let outline = try await sut.episodeOutline(showID: 900_001)
        XCTAssertNil(outline)
    }

    func testTheScannerReadsFieldsLenientlyAndSkipsElementsWithoutAnID() throws {
        let line =
            #"{"show":7,"recorded":"2024-01-05","extra":{"a":[1,2]},"episodes":["#
            + #"{"id":"11","name":"Pilot &amp; More","season":1,"number":1,"airdate":"2020-01-02","airstamp":"2020-01-03T02:00:00+00:00","runtime":"45","summary":"<p>x</p>"},"#
            + #"{"name":"no id","season":1,"number":2},"#
            + #"{"id":12,"name":5,"season":"1","number":null,"type":"significant_special","runtime":0},"#
            + #"3]}"#
        let outline = try XCTUnwrap(Array(line.utf8).withUnsafeBytes { EpisodeOutlineScanner.scan($0) })
        XCTAssertEqual(outline.show, 7)
        XCTAssertEqual(outline.recorded, "2024-01-05")
        XCTAssertEqual(outline.episodes.map(\.id), [11, 12])
        XCTAssertEqual(outline.episodes[0].name, "Pilot & More")
        XCTAssertEqual(outline.episodes[0].airDate, CalendarDate(year: 2020, month: 1, day: 2))
        XCTAssertEqual(outline.episodes[0].airstamp, Date(timeIntervalSince1970: 1_578_016_800))
        XCTAssertEqual(outline.episodes.map(\.runtimeMinutes), [45, nil], "a runtime as a string is read; 0 is none, as the mapper has it")
        XCTAssertEqual(outline.episodes[1].name, "")
        XCTAssertTrue(outline.episodes[1].isSpecial)
    }

    func testLinesTheScannerIsUnsureOfAreLeftToJSONDecoder() {
        let unsure = [
            #"{"show":7,"show":8,"episodes":[]}"#,
            #"{"show":"7","episodes":[]}"#,
            #"{"show":7,"episodes":{}}"#,
            #"{"show":7}"#,
            #"{"show":7,"episodes":[{"id":1,"id":2}]}"#,
            #"{"show":7,"episodes":[{"id":1}]"#,
            #"{"sh\u006fw":7,"episodes":[]}"#,
            #"{"show":7,"episodes":[]} x"#
        ]
        for line in unsure {
            XCTAssertNil(Array(line.utf8).withUnsafeBytes { EpisodeOutlineScanner.scan($0) }, line)
        }
    }
}
