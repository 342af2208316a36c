import Domain
import Foundation
import TestSupport
import XCTest

@testable import Workers

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

    private func assertSameCatalogue(
        _ fast: ShowCatalog, _ reference: ShowCatalog,
        recorded: [Int: (cast: [CastMember]?, seasons: [SeasonSummary]?, castSource: DataSource?)] = [:],
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertEqual(fast.source, reference.source, file: file, line: line)
        XCTAssertEqual(fast.shows.count, reference.shows.count, file: file, line: line)
        for (a, b) in zip(fast.shows, reference.shows) where a != b {
            XCTFail("\(a) differs from \(b)", file: file, line: line)
            return
        }
        for show in reference.shows {
            var expected = reference.details(for: show)
            if let extra = recorded[show.id] {
                expected = TVShowDetails(
                    show: expected.show, cast: expected.cast ?? extra.cast, seasons: expected.seasons ?? extra.seasons, source: expected.source,
                    castSource: expected.cast == nil ? extra.castSource : nil)
            }
            var got = try fast.loadDetails(for: show)
            got.episodesRecorded = nil // the recorded responses do not say; ShowCatalogTests checks it
            XCTAssertEqual(got, expected, "details of \(show.id)", file: file, line: line)
        }
    }

    func testTheEmbeddedCompactFileGivesWhatTheRecordedResponsesGive() throws {
        var files: [String: Data] = [:]
        for name in [
            "shows_page_0.json", "shows_page_1_2016.json", "schedule_US_2017-09-21.json", "shows_143_cast.json",
            "shows_143_seasons.json", "shows_82_episodes.json"
        ] {
            files[name] = try Fixtures.snapshotData(name)
        }
        // The recorded streaming schedules, single shows and shows recorded with their cast the compact file adds.
        for name in try FileManager.default.contentsOfDirectory(atPath: Fixtures.snapshotDirectory.path)
        where name.hasPrefix("schedule_web_2024-") || name.hasPrefix("show_") || name.hasPrefix("cast_") {
            files[name] = try Fixtures.snapshotData(name)
        }
        XCTAssertEqual(files.keys.filter { $0.hasPrefix("schedule_web_2024-01-") }.count, 30)
        let reference = try ShowCatalog.decodingRecordedResponses(files)
        let embedded = try ShowCatalog.embedded()
        XCTAssertEqual(embedded.shows.count, 1404)
        // The Office: its cast is recorded with its show, so it is in the catalogue.
        XCTAssertEqual(embedded.shows.first { $0.id == 526 }?.name, "The Office")
        try assertSameCatalogue(embedded, reference, recorded: try recordedExtras())
        XCTAssertEqual(embedded.details(for: TVShow(id: 143, name: "")).cast?.count, 13)
    }

    func testASnapshotFileReadInPiecesGivesWhatJSONDecoderGives() throws {
        for name in ["shows_page_0.json", "shows_page_1_2016.json"] {
            let url = dir.appendingPathComponent(name)
            try Fixtures.snapshotData(name).write(to: url)
            XCTAssertNoThrow(try ScannedShows.scanFile(path: url.path), "read by the scanner, not by the fallback")
            try assertSameCatalogue(ShowCatalog.load(path: url.path), ShowCatalog.loadDecoding(path: url.path))
        }
        let hostile = dir.appendingPathComponent("hostile.json")
        try RepositoryFiles.data("Tests/TestSupport/Fixtures/cases/tvmaze_hostile_shows.json").write(to: hostile)
        XCTAssertNoThrow(try ScannedShows.scanFile(path: hostile.path))
        try assertSameCatalogue(ShowCatalog.load(path: hostile.path), ShowCatalog.loadDecoding(path: hostile.path))
    }

    /// The shows a file gives read in pieces at once, one a processor, as one piece read from
    /// the start gives them: the same rows in the same order, the same objects' places.
    private func assertPiecesReadAsOne(_ url: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let one = try ScannedShows.scanFile(path: url.path, pieces: 1)
        let oneTable = one.table.finish()
        for pieces in 2...7 {
            let read = try ScannedShows.scanFile(path: url.path, pieces: pieces, minimumSize: 0)
            let table = read.table.finish()
            XCTAssertEqual(table.shows, oneTable.shows, "\(pieces) pieces", file: file, line: line)
            XCTAssertEqual(read.records, one.records, "\(pieces) pieces", file: file, line: line)
            XCTAssertEqual(read.newestUpdate, one.newestUpdate, "\(pieces) pieces", file: file, line: line)
        }
    }

    func testAFileReadInPiecesAtOnceGivesTheShowsOfOnePieceWhereverThePiecesSeemToStart() throws {
        // Shows with `_embedded` casts and seasons (arrays of objects, whose `},{` looks like the
        // start of the array's next element), printed compactly and with white space.
        var page = try JSONSerialization.jsonObject(with: Fixtures.snapshotData("shows_page_0.json")) as? [[String: Any]] ?? []
        let cast = try JSONSerialization.jsonObject(with: Fixtures.snapshotData("shows_143_cast.json"))
        let seasons = try JSONSerialization.jsonObject(with: Fixtures.snapshotData("shows_143_seasons.json"))
        for i in page.indices where i % 3 == 0 { page[i]["_embedded"] = ["cast": cast, "seasons": seasons] }
        XCTAssertGreaterThan(page.count, 100)
        for (name, options) in [("compact.json", JSONSerialization.WritingOptions()), ("printed.json", .prettyPrinted)] {
            let url = dir.appendingPathComponent(name)
            try JSONSerialization.data(withJSONObject: page, options: options).write(to: url)
            try assertPiecesReadAsOne(url)
            try assertSameCatalogue(ShowCatalog.load(path: url.path), ShowCatalog.loadDecoding(path: url.path))
        }
        // One show whose cast is most of the file: every later piece seems to start inside it.
        var long = page
        long[1]["_embedded"] = ["cast": Array(repeating: cast, count: 60)]
        let url = dir.appendingPathComponent("long.json")
        try JSONSerialization.data(withJSONObject: long).write(to: url)
        try assertPiecesReadAsOne(url)
        // Odd elements and the slow path's shows in every piece.
        let hostile = dir.appendingPathComponent("hostile.json")
        try RepositoryFiles.data("Tests/TestSupport/Fixtures/cases/tvmaze_hostile_shows.json").write(to: hostile)
        try assertPiecesReadAsOne(hostile)
    }

    func testAFileReadInPiecesIsRefusedWhereverItsFaultLies() throws {
        let page = try JSONSerialization.jsonObject(with: Fixtures.snapshotData("shows_page_0.json"))
        let text = String(decoding: try JSONSerialization.data(withJSONObject: page), as: UTF8.self)
        let good = dir.appendingPathComponent("good.json")
        try Data(text.utf8).write(to: good)
        XCTAssertNoThrow(try ScannedShows.scanFile(path: good.path, pieces: 3, minimumSize: 0), "the file before a fault is put in")
        let faults: [(String, String)] = [
            ("a show cut short in the middle", String(text.prefix(text.utf8.count / 2)) + "]"),
            (
                "a stray byte between two shows near the end",
                text.replacingOccurrences(of: "},{", with: "}, x{", options: .backwards, range: text.index(text.endIndex, offsetBy: -3000)..<text.endIndex)
            ),
            ("text after the array's end", text + "[]"),
            ("the array ended early", text.replacingOccurrences(of: "},{", with: "}]{", options: [], range: text.index(text.startIndex, offsetBy: text.count / 2)..<text.endIndex))
        ]
        for (fault, body) in faults {
            XCTAssertNotEqual(body, text, fault)
            let url = dir.appendingPathComponent("fault.json")
            try Data(body.utf8).write(to: url)
            for pieces in 1...5 {
                XCTAssertThrowsError(try ScannedShows.scanFile(path: url.path, pieces: pieces, minimumSize: 0), "\(fault), \(pieces) pieces")
            }
        }
    }

    func testAFileLargerThanOneReadPieceKeepsEveryShowAndItsPOI() throws {
        // About 9 MB: elements cross the 1 MB reads, and the file is read in pieces at once.
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
        XCTAssertEqual(try ScannedShows.scanFile(path: url.path).count, shows.count)
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
        XCTAssertEqual(try ScannedShows.scanFile(path: url.path).count, 7, "read by the scanner (records before one per id is kept)")
        let fast = try ShowCatalog.load(path: url.path)
        let reference = try ShowCatalog.loadDecoding(path: url.path)
        try assertSameCatalogue(fast, reference)
        XCTAssertEqual(fast.shows.first { $0.id == 7 }?.name, "newer")

        // Each part the scanner is unsure of alone, with a plain show beside it.
        for odd in [
            #"{"id":4,"name":"dup","name":"dup2"}"#, #"{"na\u006de":"escaped key","id":6}"#, #"{"id":8,"rating":{"average":1e400}}"#,
            #"{"id":9,"weight":12345678901234567890}"#
        ] {
            let one = dir.appendingPathComponent("one.json")
            try Data("[{\"id\":1,\"name\":\"plain\"},\(odd)]".utf8).write(to: one)
            XCTAssertThrowsError(try ScannedShows.scanFile(path: one.path), "left to JSONDecoder: \(odd)")
            try assertSameCatalogue(ShowCatalog.load(path: one.path), ShowCatalog.loadDecoding(path: one.path))
        }
    }

    /// A lone UTF-16 surrogate escape (what an emoji cut in half leaves) is U+FFFD, and the
    /// rest of the string stays, in the scanner and in JSONDecoder's reading alike.
    func testALoneSurrogateEscapeIsTheReplacementCharacterAndTheRestOfTheStringIsKept() throws {
        let names: [(json: String, shown: String)] = [
            (#"\ud83c Show"#, "\u{FFFD} Show"),
            (#"a\udc00b"#, "a\u{FFFD}b"),
            (#"\uD83C\u0041"#, "\u{FFFD}A"),
            (#"\ud83c\ud83c\udf89!"#, "\u{FFFD}🎉!"),
            (#"cut \ud83c"#, "cut \u{FFFD}"),
            (#"\\ud83c stays text"#, "\\ud83c stays text")
        ]
        let shows = names.enumerated().map { #"{"id":\#($0.offset + 1),"name":"\#($0.element.json)","summary":"<p>\#($0.element.json)</p>"}"# }
        let url = dir.appendingPathComponent("surrogates.json")
        try Data("[\(shows.joined(separator: ","))]".utf8).write(to: url)

        let scanned = try ScannedShows.scanFile(path: url.path)
        XCTAssertEqual(scanned.count, names.count, "the scanner reads them itself")
        let fast = try ShowCatalog.load(path: url.path)
        try assertSameCatalogue(fast, ShowCatalog.loadDecoding(path: url.path))
        for (index, name) in names.enumerated() {
            XCTAssertEqual(fast.shows.first { $0.id == index + 1 }?.name, name.shown, name.json)
        }
    }

    /// Strings are read sixteen bytes at a time: an escape, a quote, a non-ASCII letter or a raw
    /// control byte at each offset of a block must still be found where it is.
    func testEveryOffsetOfAnEscapeOrLetterInAStringReadsAsJSONDecoderReadsIt() throws {
        var shows: [String] = []
        for offset in 0..<34 {
            let pad = String(repeating: "x", count: offset)
            shows.append(#"{"id":\#(offset * 4 + 1),"name":"\#(pad)\"q\"\#(pad)","summary":"\#(pad)\\\#(pad)"}"#)
            shows.append(#"{"id":\#(offset * 4 + 2),"name":"\#(pad)Ødegaard\#(pad)é","summary":"<p>\#(pad)\u00e9\#(pad)</p>"}"#)
            shows.append(#"{"id":\#(offset * 4 + 3),"name":"\#(pad)","type":"\#(pad)\n","summary":"\#(pad)\""}"#)
        }
        let url = dir.appendingPathComponent("offsets.json")
        try Data("[\(shows.joined(separator: ","))]".utf8).write(to: url)
        XCTAssertEqual(try ScannedShows.scanFile(path: url.path).count, shows.count)
        let fast = try ShowCatalog.load(path: url.path)
        try assertSameCatalogue(fast, ShowCatalog.loadDecoding(path: url.path))
        XCTAssertEqual(fast.shows.first { $0.id == 13 }?.name, "xxx\"q\"xxx")
        XCTAssertEqual(fast.shows.first { $0.id == 30 }?.name, "xxxxxxxØdegaardxxxxxxxé")

        // A raw control byte is not JSON (RFC 8259 §7): at any offset, the scanner leaves the
        // file to JSONDecoder, and the file reads as JSONDecoder reads it.
        for offset in 0..<34 {
            let pad = String(repeating: "x", count: offset)
            let bad = dir.appendingPathComponent("control.json")
            try Data("[{\"id\":1,\"name\":\"\(pad)\u{01}\(pad)\"}]".utf8).write(to: bad)
            XCTAssertThrowsError(try ScannedShows.scanFile(path: bad.path), "a control byte after \(offset) bytes")
            try assertSameCatalogue(ShowCatalog.load(path: bad.path), ShowCatalog.loadDecoding(path: bad.path))
        }
    }

    func testMalformedFilesGiveTheSameErrorsAsBefore() throws {
        for (contents, reason) in [
            ("[{\"id\":1,\"name\":\"cut", "truncated or malformed JSON"), ("[{\"id\":1}] trailing", "truncated or malformed JSON"),
            ("<html></html>", "an HTML page instead of JSON"), ("{\"id\":1}", "not a JSON array of TVmaze shows"),
            ("[]", "no TVmaze show in the file"), ("  ", "empty response")
        ] {
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
        XCTAssertThrowsError(try ScannedShows.scanFile(path: url.path))
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
        let json =
            #"[{"id":1,"name":"One","weight":9,"summary":"<p>First &amp; best</p>","_embedded":{"cast":[{"person":{"name":"Ann"},"character":{"name":"Bo"}}],"seasons":[{"number":1,"episodeOrder":8}]}},{"id":2,"name":"Two","weight":5}]"#
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

    /// The casts and seasons the snapshot's recorded casts and episode lists give each show,
    /// read from the recorded files themselves (TMDB's credits under the TVmaze id of the show).
    private func recordedExtras() throws -> [Int: (cast: [CastMember]?, seasons: [SeasonSummary]?, castSource: DataSource?)] {
        var extras: [Int: (cast: [CastMember]?, seasons: [SeasonSummary]?, castSource: DataSource?)] = [:]
        let tvmazeCasts = [1: "cast_1_under-the-dome.json", 431: "cast_431_friends.json", 1058: "cast_1058_the-a-team.json"]
        for (id, name) in tvmazeCasts {
            extras[id, default: (nil, nil, nil)].cast = TVmazeMapper.cast(try JSONDecoder().decode(LossyArray<TVmazeDTO.CastCredit>.self, from: Fixtures.snapshotData(name)).elements)
        }
        let office = try JSONDecoder().decode(TVmazeDTO.Show.self, from: Fixtures.snapshotData("cast_526_the-office.json"))
        extras[526, default: (nil, nil, nil)].cast = office.embedded?.cast.map(TVmazeMapper.cast)
        let tmdbRecorded: [Int: CalendarDate?] = [82: CalendarDate(year: 2024, month: 3, day: 14), 169: CalendarDate(year: 2022, month: 11, day: 26)]
        for (id, name) in [82: "tv_1399_game-of-thrones_credits.json", 169: "tv_1396_breaking-bad_credits.json"] {
            extras[id, default: (nil, nil, nil)].castSource = .embeddedSnapshot(provider: .tmdb, capturedOn: tmdbRecorded[id] ?? nil)
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Fixtures.snapshotData(name)) as? [String: Any])
            let cast = try XCTUnwrap(object["cast"] as? [[String: Any]]).sorted { ($0["order"] as? Int ?? .max) < ($1["order"] as? Int ?? .max) }
            extras[id, default: (nil, nil, nil)].cast = cast.compactMap { member in
                (member["name"] as? String).map { CastMember(personName: $0, characterName: (member["character"] as? String).flatMap { $0.isEmpty ? nil : $0 }) }
            }
        }
        let lists = [
            82: "shows_82_episodes.json", 83: "episodes_83_the-simpsons.json", 169: "episodes_169_breaking-bad_2021-04.json",
            123: "episodes_123_lost.json", 49: "episodes_49_brooklyn-nine-nine.json", 84: "episodes_84_family-guy.json",
            431: "show_431_friends_embed-episodes.json", 315: "show_315_archer_embed-episodes.json",
            1: "show_1_under-the-dome_embed-episodes-cast.json", 143: "episodes_143_silicon-valley.json",
            1371: "episodes_1371_westworld.json", 216: "episodes_216_rick-and-morty.json", 2993: "episodes_2993_stranger-things.json",
            30715: "episodes_30715_disenchantment.json", 40140: "episodes_40140_the-rising-of-the-shield-hero.json"
        ]
        for (id, name) in lists where id != 143 {
            let data = try Fixtures.snapshotData(name)
            let records =
                name.hasPrefix("show_")
                ? try XCTUnwrap(try JSONDecoder().decode(TVmazeDTO.ShowEmbeddingEpisodes.self, from: data).episodes)
                : try JSONDecoder().decode(LossyArray<TVmazeDTO.EpisodeRecord>.self, from: data).elements
            let guide = ShowEpisodes(showID: id, episodes: records.map(TVmazeEpisodeMapper.episode), source: .live(provider: .tvmaze))
            extras[id, default: (nil, nil, nil)].seasons = guide.seasons.map { season in
                let days = season.episodes.compactMap(\.airDate).sorted()
                return SeasonSummary(number: season.number, episodeCount: season.episodes.count, premiered: days.first, ended: days.last)
            }
        }
        return extras
    }
}
