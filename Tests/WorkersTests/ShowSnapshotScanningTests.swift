import Domain
import Foundation
import TestSupport
@testable import Workers
import XCTest

/// The fast reading of snapshots (`ShowArrayScanner`, the compact embedded file) against the
/// `JSONDecoder` reading it replaces: same shows, same order, same details.
final class ShowSnapshotScanningTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("discover-scan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    private func assertSameCatalogue(_ fast: ShowCatalog, _ reference: ShowCatalog, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(fast.source, reference.source, file: file, line: line)
        XCTAssertEqual(fast.shows.count, reference.shows.count, file: file, line: line)
        for (a, b) in zip(fast.shows, reference.shows) where a != b {
            XCTFail("\(a) differs from \(b)", file: file, line: line)
            return
        }
        for show in reference.shows {
            let expected = reference.details(for: show)
            let got = try fast.loadDetails(for: show)
            XCTAssertEqual(got, expected, "details of \(show.id)", file: file, line: line)
        }
    }

    func testTheEmbeddedCompactFileGivesWhatTheRecordedResponsesGive() throws {
        var files: [String: Data] = [:]
        for name in ["shows_page_0.json", "shows_page_1_2016.json", "schedule_US_2017-09-21.json", "shows_143_cast.json",
                     "shows_143_seasons.json", "shows_82_episodes.json"] {
            files[name] = try Fixtures.snapshotData(name)
        }
        // The recorded streaming schedules and single shows the compact file adds.
        for name in try FileManager.default.contentsOfDirectory(atPath: Fixtures.snapshotDirectory.path)
        where name.hasPrefix("schedule_web_") || name.hasPrefix("show_") {
            files[name] = try Fixtures.snapshotData(name)
        }
        XCTAssertEqual(files.keys.filter { $0.hasPrefix("schedule_web_2024-01-") }.count, 30)
        let reference = try ShowCatalog.decodingRecordedResponses(files)
        let embedded = try ShowCatalog.embedded()
        XCTAssertEqual(embedded.shows.count, 1403)
        try assertSameCatalogue(embedded, reference)
        XCTAssertEqual(embedded.details(for: TVShow(id: 143, name: "")).cast?.count, 13)
    }

    func testASnapshotFileReadInPiecesGivesWhatJSONDecoderGives() throws {
        for name in ["shows_page_0.json", "shows_page_1_2016.json"] {
            let url = dir.appendingPathComponent(name)
            try Fixtures.snapshotData(name).write(to: url)
            XCTAssertNoThrow(try ShowCatalog.scanFile(path: url.path), "read by the scanner, not by the fallback")
            try assertSameCatalogue(ShowCatalog.load(path: url.path), ShowCatalog.loadDecoding(path: url.path))
        }
        let hostile = dir.appendingPathComponent("hostile.json")
        try RepositoryFiles.data("Tests/TestSupport/Fixtures/cases/tvmaze_hostile_shows.json").write(to: hostile)
        XCTAssertNoThrow(try ShowCatalog.scanFile(path: hostile.path))
        try assertSameCatalogue(ShowCatalog.load(path: hostile.path), ShowCatalog.loadDecoding(path: hostile.path))
    }

    func testAFileLargerThanOneReadPieceKeepsEveryShowAndItsPlace() throws {
        // About 9 MB: elements cross the 4 MB pieces the file is read in.
        let page = try JSONSerialization.jsonObject(with: Fixtures.snapshotData("shows_page_0.json")) as? [[String: Any]] ?? []
        var shows: [[String: Any]] = []
        for copy in 0..<20 {
            for (i, show) in page.enumerated() {
                var s = show
                s["id"] = 1_000_000 + copy * 1000 + i
                s["name"] = "\(show["name"] as? String ?? "") \(copy)"
                shows.append(s)
            }
        }
        let url = dir.appendingPathComponent("big.json")
        try JSONSerialization.data(withJSONObject: shows).write(to: url)
        XCTAssertEqual(try ShowCatalog.scanFile(path: url.path).shows.count, shows.count)
        let fast = try ShowCatalog.load(path: url.path)
        XCTAssertEqual(fast.shows.count, shows.count)
        try assertSameCatalogue(fast, ShowCatalog.loadDecoding(path: url.path))
    }

    func testOddButValidJSONReadsAsJSONDecoderReadsIt() throws {
        let text = """
        \u{FEFF} [ {"id":1,"name":"A","weight":"7","rating":{"average":"8.5"},"genres":["x",1,null,"y"],"type":"  "},
          5, "text", null, {"name":"no id"},
          {"id":"2.0","name":"Tw\\u00f6 \\ud83d\\ude00 \\"q\\"","runtime":30.0,"premiered":"2001-02-03","network":{"name":"N","country":null}},
          {"id":3e0,"weight":1.5,"schedule":{"days":["Monday",2],"time":""},"webChannel":{"name":"W","country":{"code":"GB"}}},
          {"id":7,"updated":1,"name":"older"},{"id":7,"updated":2,"name":"newer"},{"id":7,"updated":2,"name":"same age"},
          {"id":8,"rating":{"average":-0.5e1},"extra":[true,false,null,{"a":[]}]}
        ]\n\n
        """
        let url = dir.appendingPathComponent("odd.json")
        try Data(text.utf8).write(to: url)
        XCTAssertEqual(try ShowCatalog.scanFile(path: url.path).shows.count, 7, "read by the scanner (records before one per id is kept)")
        let fast = try ShowCatalog.load(path: url.path)
        let reference = try ShowCatalog.loadDecoding(path: url.path)
        try assertSameCatalogue(fast, reference)
        XCTAssertEqual(fast.shows.first { $0.id == 7 }?.name, "newer")

        // Each part the scanner is unsure of alone, with a plain show beside it.
        for odd in [#"{"id":4,"name":"dup","name":"dup2"}"#, #"{"na\u006de":"escaped key","id":6}"#, #"{"id":8,"rating":{"average":1e400}}"#,
                    #"{"id":9,"weight":12345678901234567890}"#, #"{"id":10,"name":"bad \ud800 surrogate"}"#] {
            let one = dir.appendingPathComponent("one.json")
            try Data("[{\"id\":1,\"name\":\"plain\"},\(odd)]".utf8).write(to: one)
            XCTAssertThrowsError(try ShowCatalog.scanFile(path: one.path), "left to JSONDecoder: \(odd)")
            try assertSameCatalogue(ShowCatalog.load(path: one.path), ShowCatalog.loadDecoding(path: one.path))
        }
    }

    func testMalformedFilesGiveTheSameErrorsAsBefore() throws {
        for (contents, reason) in [("[{\"id\":1,\"name\":\"cut", "truncated or malformed JSON"), ("[{\"id\":1}] trailing", "truncated or malformed JSON"),
                                   ("<html></html>", "an HTML page instead of JSON"), ("{\"id\":1}", "not a JSON array of TVmaze shows"),
                                   ("[]", "no TVmaze show in the file"), ("  ", "empty response")] {
            let url = dir.appendingPathComponent("bad.json")
            try Data(contents.utf8).write(to: url)
            XCTAssertThrowsError(try ShowCatalog.load(path: url.path), contents) { error in
                XCTAssertEqual(error as? SourceError, .file(path: url.path, reason: reason), contents)
            }
        }
    }

    func testDeepNestingIsLeftToJSONDecoderInsteadOfExhaustingTheStack() throws {
        let url = dir.appendingPathComponent("deep.json")
        let deep = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        try Data("[{\"id\":1,\"name\":\"A\",\"extra\":\(deep)}]".utf8).write(to: url)
        XCTAssertThrowsError(try ShowCatalog.scanFile(path: url.path))
        let fast = Result { try ShowCatalog.load(path: url.path) }
        let reference = Result { try ShowCatalog.loadDecoding(path: url.path) }
        switch (fast, reference) {
        case (.success(let a), .success(let b)): XCTAssertEqual(a.shows, b.shows)
        case (.failure(let a), .failure(let b)): XCTAssertEqual(a as? SourceError, b as? SourceError)
        default: XCTFail("\(fast) differs from \(reference)")
        }
    }

    func testDetailsAreReadFromTheFileWhenAskedAndAChangedFileIsSaid() throws {
        let url = dir.appendingPathComponent("shows.json")
        let json = #"[{"id":1,"name":"One","weight":9,"summary":"<p>First &amp; best</p>","_embedded":{"cast":[{"person":{"name":"Ann"},"character":{"name":"Bo"}}],"seasons":[{"number":1,"episodeOrder":8}]}},{"id":2,"name":"Two","weight":5}]"#
        try Data(json.utf8).write(to: url)
        let sut = try ShowCatalog.load(path: url.path)
        let one = try XCTUnwrap(sut.shows.first)
        XCTAssertEqual(one.summary, [], "the synopsis is not read with the list")
        let details = try sut.loadDetails(for: one)
        XCTAssertEqual(details.show.summary, ["First & best"])
        XCTAssertEqual(details.cast, [CastMember(personName: "Ann", characterName: "Bo")])
        XCTAssertEqual(details.seasons?.map(\.episodeCount), [8])

        try Data(#"[{"id":5,"name":"Another file"}]"#.utf8).write(to: url)
        XCTAssertThrowsError(try sut.loadDetails(for: one)) { error in
            XCTAssertEqual(error as? SourceError, .file(path: url.path, reason: "changed since it was read"))
        }
        XCTAssertEqual(sut.details(for: one).show.name, "One", "the listed fields are still there")
    }

    func testTheWorkerHandsOverTheWholeCatalogueInOrder() async throws {
        let shows = (1...5).map { TVShow(id: $0, name: "Show \($0)", weight: 100 - $0) }
        let sut = SnapshotShowsWorker(catalog: ShowCatalog(shows: shows.reversed(), source: .snapshotFile(path: "x")), pageSize: 2)
        let whole = try await sut.wholeCatalog()
        XCTAssertEqual(whole?.items.map(\.id), [1, 2, 3, 4, 5])
        XCTAssertEqual(whole?.page, 2, "the last page")
        XCTAssertEqual(whole?.hasMore, false)
    }
}
