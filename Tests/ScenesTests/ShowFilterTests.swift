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

    func testLettersDiacriticFoldingKeepsAreFoundByTheirLatinLetters() {
        let sut = ShowFilter(names: ["Kız Kulesi", "Konyalı", "Ødegaard", "Æon Flux", "Straße", "Đorđe", "Łódź", "Œuvre", "İstanbul", "Kiz"])
        XCTAssertEqual(sut.matches(ShowFilter.fold("kiz")), [0, 9])
        XCTAssertEqual(sut.matches(ShowFilter.fold("KIZ")), [0, 9])
        XCTAssertEqual(sut.matches(ShowFilter.fold("kız")), [0, 9], "typed with the dotless ı too")
        XCTAssertEqual(sut.matches(ShowFilter.fold("konyali")), [1])
        XCTAssertEqual(sut.matches(ShowFilter.fold("odegaard")), [2])
        XCTAssertEqual(sut.matches(ShowFilter.fold("aeon")), [3])
        XCTAssertEqual(sut.matches(ShowFilter.fold("strasse")), [4])
        XCTAssertEqual(sut.matches(ShowFilter.fold("dorde")), [5])
        XCTAssertEqual(sut.matches(ShowFilter.fold("lodz")), [6])
        XCTAssertEqual(sut.matches(ShowFilter.fold("oeuvre")), [7])
        XCTAssertEqual(sut.matches(ShowFilter.fold("istanbul")), [8])
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
