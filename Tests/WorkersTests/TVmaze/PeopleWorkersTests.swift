import Domain
import Foundation
import TestSupport
import XCTest

@testable import Workers

/// The people workers: TVmaze's and TMDB's over a loopback server replaying the recorded
/// people answers (`Fixtures/people/`, and the embedded `people_*.json`), and the snapshot's,
/// built from the recorded casts and castcredits.
final class PeopleWorkersTests: XCTestCase {
    private let server = LoopbackHTTPServer()

    override func tearDown() {
        server.stop()
        super.tearDown()
    }

    /// The names of the embedded shows of a recorded credits file, in order.
    private func embeddedShowNames(_ data: Data) throws -> [String] {
        let list = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return list.compactMap { (($0["_embedded"] as? [String: Any])?["show"] as? [String: Any])?["name"] as? String }
    }

    // MARK: TVmaze

    func testTVmazePersonListsEveryCastAndCrewCreditOfTheRecordedFiles() async throws {
        let cast = try Fixtures.snapshotData("people_1_castcredits_embed-show.json")
        let crew = try Fixtures.data("people/people_crewcredits_embed-show.json")
        server.route("/people/1", .json(try Fixtures.snapshotData("people_1_mike-vogel.json")))
        server.route("/people/1/castcredits", query: ["embed": "show"], .json(cast))
        server.route("/people/1/crewcredits", query: ["embed": "show"], .json(crew))
        let worker = TVmazePeopleWorker(baseURL: try server.start(), http: CurlHTTPClient(timeout: 5))
        let person = try await unwrapAsync(try await worker.person(PersonReference(id: 1, name: "Mike Vogel")))

        XCTAssertEqual(person.name, "Mike Vogel")
        XCTAssertEqual(person.country, "United States")
        XCTAssertEqual(person.birthday, CalendarDate(year: 1979, month: 7, day: 17))
        // The photo: TVmaze's medium size.
        XCTAssertEqual(person.imageURL, "http://static.tvmaze.com/uploads/images/medium_portrait/0/1815.jpg")
        XCTAssertNil(person.deathday)
        XCTAssertEqual(person.gender, "Male")
        XCTAssertEqual(person.source, .live(provider: .tvmaze))
        XCTAssertNil(person.coverage)
        let castNames = try embeddedShowNames(cast), crewNames = try embeddedShowNames(crew)
        XCTAssertEqual(castNames.count, 5)
        XCTAssertEqual(crewNames.count, 7)
        XCTAssertEqual(person.credits.filter { $0.kind == .cast }.map(\.show.name), castNames)
        XCTAssertEqual(person.credits.filter { $0.kind == .crew }.map(\.show.name), crewNames)
        let crewJobs = try XCTUnwrap(JSONSerialization.jsonObject(with: crew) as? [[String: Any]]).compactMap { $0["type"] as? String }
        XCTAssertEqual(person.credits.filter { $0.kind == .crew }.compactMap(\.role), crewJobs)
    }

    func testACreditWithOnlyALinkNamesItsShowByIdAndCannotBeOpened() async throws {
        server.route("/people/27753", .json(try Fixtures.snapshotData("people_27753_thomas-middleditch.json")))
        server.route("/people/27753/castcredits", .json(try Fixtures.snapshotData("people_27753_castcredits.json")))
        server.route("/people/27753/crewcredits", .json("[]"))
        let worker = TVmazePeopleWorker(baseURL: try server.start(), http: CurlHTTPClient(timeout: 5))
        let person = try await unwrapAsync(try await worker.person(PersonReference(id: 27753, name: "")))

        XCTAssertEqual(person.name, "Thomas Middleditch")
        XCTAssertNil(person.country)
        XCTAssertNil(person.birthday)
        XCTAssertEqual(person.credits.map(\.show.id), [143, 1540])
        XCTAssertEqual(person.credits.map(\.showIsKnown), [false, false])
    }

    func testAPersonTVmazeDoesNotKnowIsNil() async throws {
        server.route("/people/9", ScriptedResponse(status: 404))
        let worker = TVmazePeopleWorker(baseURL: try server.start(), http: CurlHTTPClient(timeout: 5))
        let person = try await worker.person(PersonReference(id: 9, name: ""))
        XCTAssertNil(person)
    }

    func testARecordedTVmazeCastCarriesEachPersonsID() throws {
        let cast = TVmazeMapper.cast(try JSONDecoder().decode(LossyArray<TVmazeDTO.CastCredit>.self, from: Fixtures.snapshotData("shows_143_cast.json")).elements)
        XCTAssertEqual(cast.first { $0.personName == "Thomas Middleditch" }?.personID, 27753)
        XCTAssertEqual(cast.filter { $0.personID == nil }, [])
    }

    // MARK: TMDB

    func testTMDBPersonKeepsCastAndCrewApartAsRecorded() async throws {
        let data = try Fixtures.data("people/person_1_george-lucas_tv_credits.json")
        server.route("/3/person/1", .json(try Fixtures.data("people/person_1_george-lucas.json")))
        server.route("/3/person/1/tv_credits", .json(data))
        let worker = TMDBPeopleWorker(credential: .apiKey("tmdb-TEST-KEY-11"), baseURL: try server.start(), http: CurlHTTPClient(timeout: 5))
        let person = try await unwrapAsync(try await worker.person(PersonReference(id: 1, name: "George Lucas")))

        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let cast = try XCTUnwrap(object["cast"] as? [[String: Any]]), crew = try XCTUnwrap(object["crew"] as? [[String: Any]])
        XCTAssertEqual(person.name, "George Lucas")
        XCTAssertEqual(person.imageURL, "https://image.tmdb.org/t/p/w185/WCSZzWdtPmdRxH9LUCVi2JPCSJ.jpg")
        XCTAssertEqual(person.birthday, CalendarDate(year: 1944, month: 5, day: 14))
        XCTAssertEqual(person.gender, "Male")
        XCTAssertEqual(person.country, "Modesto, California, USA")
        XCTAssertEqual(person.credits.filter { $0.kind == .cast }.map(\.show.name), cast.compactMap { $0["name"] as? String })
        XCTAssertEqual(person.credits.filter { $0.kind == .crew }.map(\.show.name), crew.compactMap { $0["name"] as? String })
        XCTAssertEqual(person.credits.filter { $0.kind == .crew }.map(\.role), crew.map { $0["job"] as? String })
        XCTAssertEqual(person.credits.filter { $0.kind == .cast }.map(\.character), cast.map { ($0["character"] as? String).flatMap { $0.isEmpty ? nil : $0 } })
        XCTAssertEqual(cast.count, 12)
        XCTAssertEqual(crew.count, 32)
        XCTAssertTrue(server.requests.allSatisfy { $0.queryItems["api_key"] == "tmdb-TEST-KEY-11" })
    }

    // MARK: Snapshot

    func testOfflineThomasMiddleditchLinksTheRecordedCastAndHisCastcredits() async throws {
        let worker = SnapshotPeopleWorker(catalog: { try ShowCatalog.embedded() })
        let person = try await unwrapAsync(try await worker.person(PersonReference(id: 27753, name: "Thomas Middleditch")))

        XCTAssertEqual(person.name, "Thomas Middleditch")
        XCTAssertEqual(person.coverage, "from the shows recorded in this snapshot")
        let silicon = try XCTUnwrap(person.credits.first { $0.show.id == 143 })
        XCTAssertEqual(silicon.show.name, "Silicon Valley")
        XCTAssertEqual(silicon.character, "Richard Hendricks")
        XCTAssertTrue(silicon.showIsKnown)
        // The second recorded castcredit names a show the snapshot does not hold.
        XCTAssertEqual(person.credits.map(\.show.id), [143, 1540])
        XCTAssertFalse(person.credits[1].showIsKnown)
        let byName = try await worker.personNamed("THOMAS middleditch")
        XCTAssertEqual(byName, person)
    }

    func testOfflineMikeVogelHasHisRecordedCastAndTheShowsHisCastcreditsEmbed() async throws {
        let worker = SnapshotPeopleWorker(catalog: { try ShowCatalog.embedded() })
        let person = try await unwrapAsync(try await worker.person(PersonReference(id: 1, name: "Mike Vogel")))
        let recorded = try embeddedShowNames(try Fixtures.snapshotData("people_1_castcredits_embed-show.json"))

        XCTAssertEqual(person.gender, "Male")
        XCTAssertEqual(Set(person.credits.map(\.show.name)), Set(recorded))
        XCTAssertEqual(person.credits.count, recorded.count)
        XCTAssertEqual(person.credits.first { $0.show.id == 1 }?.character, "Dale \"Barbie\" Barbara")
    }

    func testOfflineAPersonOfATMDBRecordedCastIsFoundByName() async throws {
        let worker = SnapshotPeopleWorker(catalog: { try ShowCatalog.embedded() })
        let person = try await unwrapAsync(try await worker.person(PersonReference(id: nil, name: "Bryan Cranston")))
        XCTAssertEqual(person.credits.map(\.show.id), [169])
        XCTAssertEqual(person.credits.first?.character, "Walter White")
        let nobody = try await worker.personNamed("Nobody Recorded Here")
        XCTAssertNil(nobody)
    }
}
