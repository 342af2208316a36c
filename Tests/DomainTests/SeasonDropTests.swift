import Domain
import FoundationEssentials
import XCTest

/// Three or more episodes of one show and season on one day fold into one drop at the place of
/// the first; fewer, or on other days, or specials, stay rows of their own.
final class SeasonDropTests: XCTestCase {
    private let monday = CalendarDate(iso: "2024-01-01") ?? .unixEpoch
    private let tuesday = CalendarDate(iso: "2024-01-02") ?? .unixEpoch

    private func entry(_ show: Int, season: Int, number: Int?, special: Bool = false) -> ScheduleEntry {
        ScheduleEntry(
            airstamp: nil, show: TVShow(id: show, name: "Show \(show)"),
            episode: Episode(id: show * 100 + (number ?? 0), season: season, number: number, name: "", isSpecial: special), channelName: nil, isWeb: true)
    }

    private func shape(_ folded: [SeasonDrop.Fold<(ScheduleEntry, CalendarDate)>]) -> [String] {
        folded.map { fold in
            switch fold {
            case .one(let item): return "\(item.0.show.id):\(item.0.episode.number ?? 0)"
            case .drop(let items): return "\(items[0].0.show.id)x\(items.count)"
            }
        }
    }

    func testThreeEpisodesOfASeasonOnADayAreOneDropWhereTheFirstWas() {
        let items = [
            (entry(1, season: 2, number: 1), monday), (entry(2, season: 1, number: 5), monday), (entry(1, season: 2, number: 2), monday),
            (entry(1, season: 2, number: 3), monday), (entry(3, season: 1, number: 1), monday)
        ]
        let folded = SeasonDrop.fold(items) { SeasonDrop.key($0.0, day: $0.1) }
        XCTAssertEqual(shape(folded), ["1x3", "2:5", "3:1"])
        if case .drop(let drop) = folded[0] { XCTAssertEqual(drop.map { $0.0.episode.number }, [1, 2, 3]) } else { XCTFail("a drop first") }
    }

    func testTwoEpisodesAnotherDayOrSpecialsStayRows() {
        let two = [(entry(1, season: 1, number: 1), monday), (entry(1, season: 1, number: 2), monday)]
        XCTAssertEqual(shape(SeasonDrop.fold(two) { SeasonDrop.key($0.0, day: $0.1) }), ["1:1", "1:2"])
        let split = two + [(entry(1, season: 1, number: 3), tuesday)]
        XCTAssertEqual(shape(SeasonDrop.fold(split) { SeasonDrop.key($0.0, day: $0.1) }), ["1:1", "1:2", "1:3"], "the third is on another day")
        let specials = two + [(entry(1, season: 1, number: nil, special: true), monday), (entry(1, season: 1, number: 9, special: true), monday)]
        XCTAssertEqual(shape(SeasonDrop.fold(specials) { SeasonDrop.key($0.0, day: $0.1) }), ["1:1", "1:2", "1:0", "1:9"])
        let otherSeason = two + [(entry(1, season: 2, number: 1), monday)]
        XCTAssertEqual(shape(SeasonDrop.fold(otherSeason) { SeasonDrop.key($0.0, day: $0.1) }), ["1:1", "1:2", "1:1"])
        XCTAssertEqual(shape(SeasonDrop.fold(two) { _ in nil }), ["1:1", "1:2"], "no key, no fold")
    }

    func testAWholeSeasonStartsAtOneAndReachesItsLengthWhenKnown() {
        XCTAssertTrue(SeasonDrop.isWholeSeason([1, 2, 3, 4, 5, 6], episodeOrder: nil))
        XCTAssertTrue(SeasonDrop.isWholeSeason([1, 2, 3, 4, 5, 6], episodeOrder: 6))
        XCTAssertFalse(SeasonDrop.isWholeSeason([1, 2, 3, 4], episodeOrder: 8), "the first half")
        XCTAssertFalse(SeasonDrop.isWholeSeason([5, 6, 7, 8], episodeOrder: nil), "the second half")
        XCTAssertFalse(SeasonDrop.isWholeSeason([], episodeOrder: nil))
    }
}
