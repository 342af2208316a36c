import Domain
import FoundationEssentials
import XCTest

/// What changed between the kept answer and a fresh one: the same next episode on another day,
/// and the status turned to renewed, ended or cancelled; nothing without a kept answer.
final class ShowChangeTests: XCTestCase {
    private func episode(_ id: Int, number: Int, on day: String) -> Episode {
        Episode(id: id, season: 5, number: number, name: "", airDate: CalendarDate(iso: day))
    }

    private func answer(next: Episode?, status: String?) -> NextAndPreviousEpisode {
        NextAndPreviousEpisode(showID: 1, next: next, previous: nil, source: .live(provider: .tvmaze), status: status)
    }

    func testTheSameNextEpisodeOnAnotherDayHasMoved() {
        let was = episode(10, number: 3, on: "2026-12-03"), now = episode(10, number: 3, on: "2026-12-10")
        XCTAssertEqual(
            ShowChange.between(kept: answer(next: was, status: "Running"), fresh: answer(next: now, status: "Running")),
            [.nextEpisodeMoved(was: was, now: now)])
        // The same season and number under a new id is the same episode.
        let renumbered = episode(11, number: 3, on: "2026-12-17")
        XCTAssertEqual(ShowChange.between(kept: answer(next: was, status: nil), fresh: answer(next: renumbered, status: nil)).count, 1)
        // The next episode aired and the one after is next: nothing moved.
        XCTAssertEqual(ShowChange.between(kept: answer(next: was, status: nil), fresh: answer(next: episode(12, number: 4, on: "2026-12-10"), status: nil)), [])
        XCTAssertEqual(ShowChange.between(kept: answer(next: was, status: nil), fresh: answer(next: was, status: nil)), [])
    }

    func testAStatusTurnedRunningEndedOrCancelledIsSaidOnce() {
        XCTAssertEqual(ShowChange.between(kept: answer(next: nil, status: "To Be Determined"), fresh: answer(next: nil, status: "Running")), [.renewed])
        XCTAssertEqual(ShowChange.between(kept: answer(next: nil, status: "Running"), fresh: answer(next: nil, status: "Ended")), [.ended])
        XCTAssertEqual(ShowChange.between(kept: answer(next: nil, status: "Returning Series"), fresh: answer(next: nil, status: "Canceled")), [.cancelled])
        XCTAssertEqual(ShowChange.between(kept: answer(next: nil, status: "Running"), fresh: answer(next: nil, status: "Running")), [])
        XCTAssertEqual(ShowChange.between(kept: answer(next: nil, status: "Running"), fresh: answer(next: nil, status: "To Be Determined")), [])
        XCTAssertEqual(ShowChange.between(kept: answer(next: nil, status: nil), fresh: answer(next: nil, status: "Ended")), [], "no word before: nothing to compare")
    }

    func testNothingIsSaidWithoutAKeptAnswer() {
        XCTAssertEqual(ShowChange.between(kept: nil, fresh: answer(next: episode(1, number: 1, on: "2026-12-03"), status: "Ended")), [])
        XCTAssertEqual(ShowChange.between(kept: answer(next: nil, status: "Running"), fresh: nil), [])
    }
}
