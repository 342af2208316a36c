import Domain
import Foundation
import XCTest

@testable import Workers

/// Shows written straight into a table's columns from a snapshot's bytes (`ShowRowScanner`)
/// read as `JSONDecoder` and `TVmazeMapper` read them, and the forms the row scanner leaves to
/// the field-by-field reading are read by it.
final class ShowRowScanningTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("discover-rows-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    /// What the scanner does with each element of a document: `row` (written by the row
    /// scanner), `show` (read whole), `skipped`.
    private func outcomes(_ json: String) throws -> [String] {
        var table = ShowTable.Builder()
        let bytes = Array(json.utf8)
        return try bytes.withUnsafeBytes { raw in
            var scanner = ShowArrayScanner(bytes: raw)
            try scanner.openArray()
            var out: [String] = []
            var first = true
            while true {
                switch try scanner.nextElement(first: first, into: &table) {
                case .row: out.append("row")
                case .show: out.append("show")
                case .skipped: out.append("skipped")
                case .end: return out
                }
                first = false
            }
        }
    }

    /// Loads a document with the scanner and with `JSONDecoder`, and checks they give the same shows.
    @discardableResult
    private func assertReadsAsJSONDecoder(_ json: String, file: StaticString = #filePath, line: UInt = #line) throws -> ShowCatalog {
        let url = dir.appendingPathComponent("shows.json")
        try Data(json.utf8).write(to: url)
        XCTAssertNoThrow(try ScannedShows.scanFile(path: url.path), "read by the scanner", file: file, line: line)
        let fast = try ShowCatalog.load(path: url.path)
        let reference = try ShowCatalog.loadDecoding(path: url.path)
        XCTAssertEqual(fast.shows.count, reference.shows.count, file: file, line: line)
        for (a, b) in zip(fast.shows, reference.shows) where a != b {
            XCTFail("\(a) differs from \(b)", file: file, line: line)
        }
        return fast
    }

    /// Every key a list reads is found by its bytes, with sixteen bytes after its start or
    /// fewer (where the bytes read end), and a key that differs from it in any one byte, or is
    /// one byte longer or shorter, is not.
    func testEveryKeyIsFoundByItsBytesAndNoNearMissIs() {
        let keys = [
            "id", "name", "type", "language", "genres", "status", "runtime", "averageRuntime", "premiered", "ended",
            "officialSite", "schedule", "rating", "weight", "network", "webChannel", "summary", "updated"
        ]
        func found(_ key: [UInt8], room: Int) -> ShowKey? {
            let bytes = key + [UInt8(ascii: "\""), UInt8(ascii: ":")] + Array(repeating: UInt8(ascii: "x"), count: room)
            return bytes.withUnsafeBytes { ShowKey.of(0..<key.count, in: $0) }
        }
        for (raw, key) in keys.enumerated() {
            let bytes = Array(key.utf8)
            for room in [0, 20] {
                XCTAssertEqual(found(bytes, room: room), ShowKey(rawValue: raw), "\(key), room \(room)")
                for i in bytes.indices {
                    var near = bytes
                    near[i] ^= 0x20
                    XCTAssertNil(found(near, room: room), "\(key) with byte \(i) changed, room \(room)")
                }
                XCTAssertNil(found(bytes + [UInt8(ascii: "s")], room: room), "\(key)s")
                XCTAssertNil(found(Array(bytes.dropLast()), room: room), "\(key) less its last byte")
            }
        }
    }

    func testPlainShowsAreWrittenAsRowsAndEveryFieldReadsAsTheMapperReadsIt() throws {
        let json = """
            [{"id":1,"name":"Under the Dome","type":"Scripted","language":"English","genres":["Drama","Science-Fiction"],"status":"Ended",
              "runtime":60,"averageRuntime":61,"premiered":"2013-06-24","ended":"2015-09-10","officialSite":"http://www.cbs.com/dome/",
              "schedule":{"time":"22:00","days":["Thursday"]},"rating":{"average":6.5},"weight":99,
              "network":{"id":2,"name":"CBS","country":{"name":"United States","code":"US","timezone":"America/New_York"}},
              "webChannel":null,"summary":"<p>A \\"dome\\" \\u00e9</p>","updated":1704794065,"_embedded":{"cast":[]}},
             {"id":2,"name":"Ødegaard – été 😀","type":"Série","genres":["Drama","Science-Fiction"],"runtime":null,"averageRuntime":45,
              "premiered":"2001-02-30","ended":"2001-2-03","rating":{"average":10.0},"weight":-3,
              "network":{"name":null},"webChannel":{"name":"Netflix","country":null}},
             {"id":3,"name":"","type":"   ","language":"","status":" Running ","rating":{"average":10.5},"schedule":{"time":"","days":[]},
              "genres":[],"weight":0,"updated":-1},
             {"id":4,"name":"Zero","rating":{"average":0},"runtime":-0,"schedule":{"days":["Monday",2,null,"Friday"]},"network":{"country":{"code":"GB"}}},
             {"name":"no id"}, 7, {"id":null}]
            """
        XCTAssertEqual(try outcomes(json), ["row", "row", "row", "row", "skipped", "skipped", "skipped"])
        let catalog = try assertReadsAsJSONDecoder(json)
        let two = try XCTUnwrap(catalog.shows.first { $0.id == 2 })
        XCTAssertEqual(two.name, "Ødegaard – été 😀")
        XCTAssertEqual(two.premiered, nil, "30 February is no day")
        XCTAssertEqual(two.runtimeMinutes, 45)
        XCTAssertEqual(two.broadcaster, Broadcaster(name: "Netflix", kind: .webChannel))
        XCTAssertEqual(catalog.shows.first { $0.id == 3 }?.type, nil, "a blank kind is none")
        XCTAssertEqual(catalog.shows.first { $0.id == 3 }?.rating, nil, "a rating beyond 10 is none")
        XCTAssertEqual(catalog.shows.first { $0.id == 3 }?.status, " Running ", "a text with a visible character is kept as it is")
    }

    func testFormsLeftToTheFieldByFieldReadingReadAsJSONDecoderReadsThem() throws {
        let odd = [
            #"{"id":10,"name":"Law &amp; Order"}"#,
            #"{"id":11,"name":"Tw\u00f6 \ud83d\ude00 \"q\""}"#,
            #"{"id":12,"name":"Lone \ud83c","type":"Scri\u0070ted"}"#,
            #"{"id":13,"name":"Kind","genres":["Drama","Sci\/Fi"]}"#,
            #"{"id":14,"name":"Net","network":{"name":"A\u0026E"}}"#,
            #"{"id":"15","name":"Id as text"}"#,
            #"{"id":16.0,"name":"Id with a fraction"}"#,
            #"{"id":17,"weight":"7","runtime":3e1}"#,
            #"{"id":18,"rating":{"average":"8.5"}}"#,
            #"{"id":19,"rating":{"average":8.123456789012345678}}"#,
            #"{"id":20,"rating":{"average":85e-1}}"#,
            #"{"id":21,"type":"\u00a0","status":" \u2003"}"#,
            #"{"id":22,"weight":4000000000,"runtime":-2147483648}"#,
            #"{"id":23,"updated":1234567890123456789}"#
        ]
        XCTAssertEqual(try outcomes("[\(odd.joined(separator: ","))]"), Array(repeating: "show", count: odd.count))
        let catalog = try assertReadsAsJSONDecoder("[\(odd.joined(separator: ","))]")
        XCTAssertEqual(catalog.shows.first { $0.id == 10 }?.name, "Law & Order")
        XCTAssertEqual(catalog.shows.first { $0.id == 22 }?.weight, 4_000_000_000)
        XCTAssertEqual(catalog.shows.first { $0.id == 18 }?.rating, 8.5)
    }

    func testAmpersandsInKindsGenresAndBroadcastersAreDecodedOnceForEveryShowThatSpellsThem() throws {
        let shows = (1...4).map { i in
            #"{"id":\#(i),"name":"Show \#(i)","type":"Talk &amp; Game","genres":["Action &amp; Adventure"],"network":{"name":"A&amp;E","country":{"code":"US"}}}"#
        }
        let json = "[\(shows.joined(separator: ","))]"
        XCTAssertEqual(try outcomes(json), ["row", "row", "row", "row"])
        let catalog = try assertReadsAsJSONDecoder(json)
        for show in catalog.shows {
            XCTAssertEqual(show.type, "Talk & Game")
            XCTAssertEqual(show.genres, ["Action & Adventure"])
            XCTAssertEqual(show.broadcaster?.name, "A&E")
        }
    }

    func testWhatTheScannerIsUnsureOfIsLeftToJSONDecoder() throws {
        for odd in [
            #"{"id":1,"network":{"name":"N","name":"M"}}"#, #"{"id":1,"rating":{"average":1,"average":2}}"#,
            #"{"id":1,"schedule":{"days":[],"days":[]}}"#, #"{"id":1,"network":{"country":{"code":"A","code":"B"}}}"#,
            #"{"id":01}"#, #"{"id":1,"rating":{"average":1.}}"#, #"{"id":1,"weight":-}"#, "{\"id\":1,\"name\":\"\u{01}\"}"
        ] {
            let url = dir.appendingPathComponent("one.json")
            try Data("[{\"id\":5,\"name\":\"plain\"},\(odd)]".utf8).write(to: url)
            XCTAssertThrowsError(try ScannedShows.scanFile(path: url.path), odd)
        }
        // Bytes that are not UTF-8 (an overlong form, a surrogate, a cut sequence), in a field the row scanner reads.
        for bad: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80], [0xFF]] {
            let url = dir.appendingPathComponent("bad.json")
            try Data(Array(#"[{"id":1,"type":"x"#.utf8) + bad + Array(#"x"}]"#.utf8)).write(to: url)
            XCTAssertThrowsError(try ScannedShows.scanFile(path: url.path), "\(bad)")
        }
    }

    func testRawNumbersReadAsTheirText() throws {
        func double(_ text: String) throws -> Double? {
            let bytes = Array((text + ",").utf8)
            return try bytes.withUnsafeBytes { raw in
                var cursor = JSONCursor(bytes: raw)
                return try RawJSONValues.double(&cursor)
            }
        }
        for text in ["0", "-0", "8.5", "0.1", "9.99", "123456789012345", "-0.5", "1.50", "7.30000000000001", "0.00000000000001"] {
            let got = try double(text)
            XCTAssertEqual(got, Double(text), text)
            XCTAssertEqual(got?.sign, Double(text)?.sign, text)
        }
        XCTAssertThrowsError(try double("1234567890123456"), "16 digits are left to Double(_:)") { XCTAssertTrue($0 is ShowRowScanner.Slow) }
        XCTAssertEqual(try double("null"), nil)
    }
}
