import Domain
@testable import Scenes
import XCTest

final class ShowFilterTests: XCTestCase {
    func testMatchesFoldCaseAndAccentsAndNeverSpanTwoNames() {
        let sut = ShowFilter(names: ["Amélie", "Breaking Bad", "AMERICAN Dad", "ab", "cd", "Ｗｉｄｅ"])
        XCTAssertEqual(sut.matches(ShowFilter.fold("ame")), [0, 2])
        XCTAssertEqual(sut.matches(ShowFilter.fold("AMÉ")), [0, 2])
        XCTAssertEqual(sut.matches(ShowFilter.fold("bc")), [], "the end of one name and the start of the next")
        XCTAssertEqual(sut.matches(ShowFilter.fold("d")), [1, 2, 4, 5])
        XCTAssertEqual(sut.matches(ShowFilter.fold("wide")), [5])
        XCTAssertEqual(sut.matches(ShowFilter.fold("")), [0, 1, 2, 3, 4, 5])
        XCTAssertEqual(sut.matches(ShowFilter.fold("a name longer than any")), [])
    }

    func testNarrowingLooksOnlyAmongThePreviousMatches() {
        var sut = ShowFilter(names: ["Alpha", "Beta"])
        sut.append(["Alphabet", "Gamma"])
        XCTAssertEqual(sut.count, 4)
        let alp = sut.matches(ShowFilter.fold("alp"))
        XCTAssertEqual(alp, [0, 2])
        XCTAssertEqual(sut.matches(ShowFilter.fold("alphab"), among: alp), [2])
        XCTAssertEqual(sut.matches(ShowFilter.fold("a"), among: [1, 3]), [1, 3])
        XCTAssertEqual(sut.matches(ShowFilter.fold("gamma")), [3], "the last name")
    }
}
