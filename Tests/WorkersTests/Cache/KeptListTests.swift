import Domain
import Foundation
import XCTest

@testable import Workers

/// A list's answer kept whole reads back exactly, and anything else is no kept list.
final class KeptListTests: XCTestCase {
    private static let answer: PagedResult<TVShow> = {
        let shows = [
            TVShow(
                id: 82, name: "Game of Thrones", type: "Scripted", language: "English", genres: ["Drama", "Fantasy"],
                status: "Ended", runtimeMinutes: 60, premiered: CalendarDate(year: 2011, month: 4, day: 17),
                ended: CalendarDate(year: 2019, month: 5, day: 19), officialSite: "http://www.hbo.com/game-of-thrones",
                schedule: AirSchedule(time: "21:00", days: ["Sunday"]), rating: 8.9, weight: 98,
                broadcaster: Broadcaster(
                    name: "HBO", kind: .network, countryName: "United States", countryCode: "US",
                    timeZone: "America/New_York"),
                summary: ["Seven noble families fight.", "Second paragraph."], updatedAt: 1_704_794_122),
            TVShow(id: 1, name: "Ødegaard – été", officialSite: "", broadcaster: Broadcaster(name: "Netflix", kind: .webChannel), popularityRank: 2),
            TVShow(id: 2, name: "")
        ]
        let basis = ListBasis.airing(
            country: "US", from: CalendarDate(year: 2026, month: 11, day: 26) ?? .unixEpoch,
            through: CalendarDate(year: 2026, month: 12, day: 2) ?? .unixEpoch, recorded: false, streamingOnly: true)
        return PagedResult(items: shows, page: 0, hasMore: false, source: .live(provider: .tvmaze), basis: basis)
    }()

    func testAKeptListReadsBackAsTheAnswerWithTheGivenSource() throws {
        let body = KeptList.encode(Self.answer)
        let source = DataSource.cache(provider: .tvmaze, savedAt: 1_764_400_000)
        let read = try XCTUnwrap(KeptList.decode(body, source: source))
        XCTAssertEqual(read.items, Self.answer.items)
        XCTAssertEqual(read.page, 0)
        XCTAssertEqual(read.hasMore, false)
        XCTAssertEqual(read.basis, Self.answer.basis)
        XCTAssertEqual(read.source, source)
        for basis in [ListBasis.allShows, .providerPopular] {
            let other = PagedResult(items: Self.answer.items, page: 3, hasMore: true, source: Self.answer.source, basis: basis)
            let back = try XCTUnwrap(KeptList.decode(KeptList.encode(other), source: source))
            XCTAssertEqual(back.basis, basis)
            XCTAssertEqual(back.page, 3)
            XCTAssertEqual(back.hasMore, true)
        }
    }

    func testABodyCutShortLengthenedOrGarbledIsNoKeptList() {
        let body = KeptList.encode(Self.answer)
        let source = DataSource.cache(provider: .tvmaze, savedAt: 0)
        for length in stride(from: 0, to: body.count, by: 7) {
            XCTAssertNil(KeptList.decode(body.prefix(length), source: source), "cut after \(length) bytes")
        }
        XCTAssertNil(KeptList.decode(body + Data([0]), source: source), "a byte too many")
        XCTAssertNil(KeptList.decode(Data("[{\"id\":1}]".utf8), source: source), "a JSON body")
        var garbled = body
        for offset in stride(from: KeptList.magic.count, to: garbled.count, by: 13) {
            garbled[offset] ^= 0xFF
            _ = KeptList.decode(garbled, source: source) // never traps, whatever it reads
        }
    }

    func testTheKeptListIsKeptUnderTheFirstRequestsURLWithAMark() throws {
        let first = try XCTUnwrap(URL(string: "https://api.tvmaze.com/schedule?country=US&date=2026-12-02"))
        let kept = try XCTUnwrap(KeptList.url(forListAt: first))
        XCTAssertEqual(kept.absoluteString, "https://api.tvmaze.com/schedule?country=US&date=2026-12-02&discover-tui-list=1")
        XCTAssertTrue(KeptList.isKeptList(kept))
        XCTAssertFalse(KeptList.isKeptList(first))
        XCTAssertEqual(KeptList.url(forListAt: try XCTUnwrap(URL(string: "https://api.tvmaze.com/shows")))?.query, "discover-tui-list=1")
    }
}
