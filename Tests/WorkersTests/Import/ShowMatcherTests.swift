import Domain
import Foundation
import Synchronization
import TestSupport
import XCTest

@testable import Workers

/// Mapping export rows to TVmaze through a loopback TVmaze answering from recorded shows:
/// lookups by TheTVDB id, names through the local catalogue then `/singlesearch`, episodes by
/// title; the journal that lets a stopped run go on without asking again; the pace.
final class ShowMatcherTests: XCTestCase {
    private var root = ""
    private let server = LoopbackHTTPServer()
    private var base = URL(fileURLWithPath: "/")

    override func setUp() async throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("discover-import-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try TVmazeLookupStub.install(on: server)
        base = try server.start()
    }

    override func tearDown() async throws {
        server.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    private func matcher(
        journal: LookupJournal? = nil, catalogue: [TVShow] = [], pacer: RequestPacer? = nil,
        progress: @escaping @Sendable (ImportProgress) -> Void = { _ in }
    ) throws -> ShowMatcher {
        let client = ResilientHTTPClient(inner: CurlHTTPClient(), provider: ProviderName.tvmaze, pacer: pacer)
        return ShowMatcher(
            client: client, base: base, journal: journal ?? LookupJournal(path: nil),
            cache: try ResponseCache(directory: root + "/cache"), catalogue: catalogue, now: 1_800_000_000, progress: progress)
    }

    func testTraktSouthParkMapsThroughTheTVDBLookup() async throws {
        let batch = try TraktReader.read(try Fixtures.data("imports/trakt_watched_shows_south-park.json"), file: "w.json")
        let result = try await matcher().match(batch)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.history.marks.count, 13)
        XCTAssertEqual(result.history.marks.map(\.number), Array(1...13))
        XCTAssertEqual(result.history.marks[0].show, ProviderIDs(tvmaze: 112, tmdb: 2190, tvdb: 75897, imdb: "tt0121955"))
        // The episode list is asked for to check the rows' episodes (the stub has none: 404, not checked).
        XCTAssertEqual(server.requests.map(\.path), ["/lookup/shows", "/shows/112/episodes"])
        XCTAssertEqual(server.requests.first?.queryItems, ["thetvdb": "75897"])
    }

    func testNetflixSeriesMapToTVmazeShowsAndEpisodesByTitle() async throws {
        let catalogue = try ShowCatalog.load(path: Fixtures.snapshotDirectory.appendingPathComponent("shows_page_0.json").path).shows
        let batch = try NetflixReader.read(try Fixtures.data("imports/netflix_viewing_history_us_2020.csv"), file: "n.csv")
        let result = try await matcher(catalogue: catalogue).match(batch)
        let recorded = Set(try TVmazeLookupStub.shows().compactMap { ($0["name"] as? String)?.lowercased() })
        let expected = Set(batch.records.map(\.showName).filter { recorded.contains($0.lowercased()) })
        XCTAssertFalse(expected.isEmpty)
        // Brooklyn Nine-Nine (in the local catalogue, so no search) has its episodes recorded:
        // each of its 8 rows becomes a mark found by title.
        let b99 = result.history.marks.filter { $0.show.tvmaze == 49 }
        XCTAssertEqual(b99.count, 8)
        XCTAssertTrue(b99.contains { $0.season == 1 && $0.number == 1 && $0.episode.tvmaze != nil }, "Pilot is 1x1")
        XCTAssertFalse(server.requests.contains { $0.path == "/singlesearch/shows" && $0.queryItems["q"] == "Brooklyn Nine-Nine" })
        // Every other title is unmatched (no recorded show, or no recorded episodes), and said so.
        XCTAssertEqual(result.matchedRows + result.problems.count, batch.records.count)
        XCTAssertEqual(result.matchedRows, 8)
        let unknown = result.problems.filter { !expected.contains($0.record.showName) }
        XCTAssertTrue(unknown.allSatisfy { $0.reason.hasPrefix("no TVmaze show is called") }, "\(unknown.first.map(\.reason) ?? "")")
        XCTAssertFalse(unknown.isEmpty)
    }

    func testANameWithAColonIsTriedAgainWithItsFirstPart() async throws {
        let record = ImportRecord(
            kind: .watched, show: ProviderIDs(), showName: "South Park: Extras", season: 1, number: 2,
            origin: .init(file: "n.csv", line: 2))
        let result = try await matcher().match(ImportBatch(records: [record]))
        XCTAssertEqual(result.history.marks.map(\.show.tvmaze), [112])
        XCTAssertEqual(server.requests.compactMap { $0.queryItems["q"] }, ["South Park: Extras", "South Park"])
    }

    func testEpisodeTitlesAmbiguousAndEpisodeNumbers() {
        let episodes = [
            TVmazeLookupDTO.Episode(id: 1, name: "Pilot", season: 1, number: 1),
            TVmazeLookupDTO.Episode(id: 2, name: "Pilot", season: 2, number: 1),
            TVmazeLookupDTO.Episode(id: 3, name: "The End", season: 2, number: 7)
        ]
        guard case .success(let found) = EpisodeLists.episode(titled: "pilot", season: 2, in: episodes) else { return XCTFail("pilot of season 2") }
        XCTAssertEqual(found.id, 2)
        guard case .failure(let both) = EpisodeLists.episode(titled: "Pilot", season: nil, in: episodes) else { return XCTFail("two pilots") }
        XCTAssertEqual(both.kind, .ambiguous)
        guard case .success(let seventh) = EpisodeLists.episode(titled: "Episode 7", season: 2, in: episodes) else { return XCTFail("episode 7") }
        XCTAssertEqual(seventh.id, 3)
        guard case .failure(let none) = EpisodeLists.episode(titled: "Elsewhere", season: 1, in: episodes) else { return XCTFail("no such title") }
        XCTAssertEqual(none.kind, .unmatched)
    }

    /// 2,000 rows over the recorded shows: the requests keep the pacer's rule, progress is
    /// reported, and a run stopped part way then run again asks for no show twice.
    func testLargeHistoryIsPacedReportsProgressAndResumesWithoutRepeatingLookups() async throws {
        let shows = try TVmazeLookupStub.shows().compactMap { ($0["externals"] as? [String: Any])?["thetvdb"] as? Int }.prefix(40)
        var csv = "tv_show_name,episode_season_number,episode_number,tv_show_id,created_at\n"
        for row in 0..<2000 {
            csv += "Show,\(row / 400 + 1),\(row % 400 + 1),\(shows[shows.startIndex + row % shows.count]),2020-01-01 00:00:00\n"
        }
        let batch = try TVTimeReader.read(Data(csv.utf8), file: "seen_episode.csv")
        XCTAssertEqual(batch.records.count, 2000)
        let journalPath = root + "/lookups.tsv"
        let rule = RequestPacer.Rule(limit: 5, per: .milliseconds(250))
        let pacer = RequestPacer(rules: [ProviderName.tvmaze.name: rule])
        let reports = Mutex<[ImportProgress]>([])
        let first = try matcher(journal: LookupJournal(path: journalPath), pacer: pacer) { progress in
            reports.withLock { $0.append(progress) }
            // Ctrl-C after the 12th show: the import's task is cancelled.
            if progress.done == 12 { withUnsafeCurrentTask { $0?.cancel() } }
        }
        let run = Task { try await first.match(batch) }
        do {
            _ = try await run.value
            XCTFail("the cancelled run finished")
        } catch is CancellationError {}
        // Each show found is asked for once, then for its episode list (the rows are checked against it).
        XCTAssertEqual(server.requests.filter { $0.path == "/lookup/shows" }.count, 12)
        XCTAssertEqual(server.requests.count, 24)
        XCTAssertEqual(reports.withLock { $0.map(\.done) }, Array(1...12))
        XCTAssertEqual(reports.withLock { $0.last?.total }, shows.count)
        let second = try matcher(journal: LookupJournal(path: journalPath), pacer: pacer)
        let result = try await second.match(batch)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.history.marks.count, 2000)
        let asked = server.requests.compactMap { $0.queryItems["thetvdb"] }
        XCTAssertEqual(asked.count, shows.count)
        XCTAssertEqual(Set(asked).count, shows.count, "no show asked for twice")
        let times = server.requests.map(\.receivedAt)
        for index in times.indices.dropFirst(rule.limit) {
            // The pacer's turns start `window` apart; the server's clock reads a little later, never earlier.
            XCTAssertGreaterThanOrEqual(times[index] - times[index - rule.limit], rule.window - .milliseconds(30), "request \(index)")
        }
    }

    func testProgressLine() {
        XCTAssertEqual(ImportProgress(done: 312, total: 1040, unmatched: 4, secondsLeft: 170).line(), "312/1,040 shows · 4 unmatched · about 3 min left")
        XCTAssertEqual(ImportProgress(done: 5, total: 5, unmatched: 0, secondsLeft: 0).line(ascii: true), "5/5 shows - 0 unmatched")
        XCTAssertEqual(ImportProgress.grouped(1_234_567), "1,234,567")
    }
}
