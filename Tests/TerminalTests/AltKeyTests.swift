@testable import Terminal
import XCTest

/// `CursesScreen.pairingAlt`: an Escape read together with the next key is one Alt combination.
final class AltKeyTests: XCTestCase {
    func testEscapeFollowedByAKeyInTheSameReadIsAlt() {
        XCTAssertEqual(CursesScreen.pairingAlt([.escape, .character("q")]), [.alt(.character("q"))])
        XCTAssertEqual(CursesScreen.pairingAlt([.down, .escape, .character("j"), .up]), [.down, .alt(.character("j")), .up])
        XCTAssertEqual(CursesScreen.pairingAlt([.escape, .enter]), [.alt(.enter)])
    }

    func testALoneEscapeTwoEscapesAndAResizeStayAsTheyAre() {
        XCTAssertEqual(CursesScreen.pairingAlt([.escape]), [.escape])
        XCTAssertEqual(CursesScreen.pairingAlt([.character("/"), .escape]), [.character("/"), .escape])
        XCTAssertEqual(CursesScreen.pairingAlt([.escape, .escape]), [.escape, .escape])
        XCTAssertEqual(CursesScreen.pairingAlt([.escape, .escape, .character("q")]), [.escape, .alt(.character("q"))])
        XCTAssertEqual(CursesScreen.pairingAlt([.escape, .resize]), [.escape, .resize])
    }
}
