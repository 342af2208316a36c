import Foundation
import XCTest

@testable import Workers

/// The lenient fields DTOs are declared with (`@JSONField.…`): what each reads from a value of
/// the right type, of a wrong type, and from no value, through `JSONText` as every decode.
final class JSONFieldTests: XCTestCase {
    private struct Sample: Decodable {
        @JSONField.ID var id: Int
        @JSONField.Value var name: String?
        @JSONField.Text var status: String?
        @JSONField.Integer var runtime: Int?
        @JSONField.Number var rating: Double?
        @JSONField.Flag var voice: Bool
        @JSONField.List var genres: [String]
        @JSONField.OptionalList var seasons: [Int]?
        @JSONField.TextOrNumber var placeID: String?
        @JSONField.Map var tags: StringMap
    }

    private struct Page: Decodable {
        @JSONField.RequiredList var results: [Sample]
    }

    private func sample(_ json: String) throws -> Sample {
        try JSONText.decode(Sample.self, from: Data(json.utf8))
    }

    func testFieldsOfTheRightTypeAreRead() throws {
        let s = try sample(
            #"""
            {"id": 7, "name": "QI", "status": "Running", "runtime": 30, "rating": 8.1, "voice": true,
             "genres": ["Comedy"], "seasons": [1, 2], "placeID": "p-1", "tags": {"amenity": "cafe"}}
            """#)
        XCTAssertEqual(s.id, 7)
        XCTAssertEqual(s.name, "QI")
        XCTAssertEqual(s.status, "Running")
        XCTAssertEqual(s.runtime, 30)
        XCTAssertEqual(s.rating, 8.1)
        XCTAssertTrue(s.voice)
        XCTAssertEqual(s.genres, ["Comedy"])
        XCTAssertEqual(s.seasons, [1, 2])
        XCTAssertEqual(s.placeID, "p-1")
        XCTAssertEqual(s.tags.values, ["amenity": "cafe"])
    }

    func testAWrongTypedFieldReadsAsMissingAndNumbersMayBeText() throws {
        let s = try sample(
            #"""
            {"id": "7", "name": 12, "status": "  ", "runtime": "45", "rating": "7.5", "voice": "yes",
             "genres": "Comedy", "seasons": {"1": 1}, "placeID": 123, "tags": ["cafe"]}
            """#)
        XCTAssertEqual(s.id, 7, "an id written as text is still the id")
        XCTAssertNil(s.name)
        XCTAssertNil(s.status, "blank text is no text")
        XCTAssertEqual(s.runtime, 45)
        XCTAssertEqual(s.rating, 7.5)
        XCTAssertFalse(s.voice)
        XCTAssertEqual(s.genres, [])
        XCTAssertNil(s.seasons)
        XCTAssertEqual(s.placeID, "123")
        XCTAssertEqual(s.tags.values, [:])
    }

    func testAbsentFieldsAreNilEmptyOrFalseAndOnlyAMissingIDIsRefused() throws {
        let s = try sample(#"{"id": 1}"#)
        XCTAssertNil(s.name)
        XCTAssertNil(s.runtime)
        XCTAssertFalse(s.voice)
        XCTAssertEqual(s.genres, [])
        XCTAssertNil(s.seasons, "not said stays apart from none listed")
        XCTAssertEqual(s.tags.values, [:])
        XCTAssertThrowsError(try sample(#"{"name": "No id"}"#))
        XCTAssertThrowsError(try sample(#"{"id": 1.5}"#), "a fractional id is no id")
    }

    func testListsSkipTheirBadElementsAndARequiredListMustBeThere() throws {
        let s = try sample(#"{"id": 1, "genres": ["Drama", 4, null, "War"], "seasons": [1, "two", 3]}"#)
        XCTAssertEqual(s.genres, ["Drama", "War"])
        XCTAssertEqual(s.seasons, [1, 3])
        let page = try JSONText.decode(Page.self, from: Data(#"{"results": [{"id": 1}, {"name": "no id"}, {"id": 2}]}"#.utf8))
        XCTAssertEqual(page.results.map(\.id), [1, 2])
        XCTAssertThrowsError(try JSONText.decode(Page.self, from: Data(#"{"page": 1}"#.utf8)))
    }

    func testALoneSurrogateInAFieldIsTheReplacementCharacterAndTheRestStays() throws {
        let s = try sample(#"{"id": 1, "name": "\ud83c Show", "status": "Ended \udc00", "genres": ["\ud83d", "Drama"]}"#)
        XCTAssertEqual(s.name, "\u{FFFD} Show")
        XCTAssertEqual(s.status, "Ended \u{FFFD}")
        XCTAssertEqual(s.genres, ["\u{FFFD}", "Drama"])
    }

    private struct Record: Decodable {
        @JSONField.Required var line: Int
        @JSONField.ValueMap var byCountry: [String: Sample]
    }

    private func record(_ json: String) throws -> Record {
        try JSONText.decode(Record.self, from: Data(json.utf8))
    }

    func testARequiredValueMustBeThereOfItsOwnType() throws {
        XCTAssertEqual(try record(#"{"line": 3}"#).line, 3)
        XCTAssertThrowsError(try record(#"{"line": "3"}"#), "a required value is read strictly, not as text")
        XCTAssertThrowsError(try record(#"{}"#))
    }

    func testAValueMapIsReadWholeOrEmpty() throws {
        let r = try record(#"{"line": 1, "byCountry": {"GB": {"id": 1}, "US": {"id": "2"}}}"#)
        XCTAssertEqual(r.byCountry.mapValues(\.id), ["GB": 1, "US": 2])
        XCTAssertEqual(try record(#"{"line": 1}"#).byCountry.count, 0)
        XCTAssertEqual(try record(#"{"line": 1, "byCountry": [1]}"#).byCountry.count, 0)
        XCTAssertEqual(
            try record(#"{"line": 1, "byCountry": {"GB": {"id": 1}, "US": {"name": "no id"}}}"#).byCountry.count, 0,
            "one unreadable value empties the object")
    }
}
