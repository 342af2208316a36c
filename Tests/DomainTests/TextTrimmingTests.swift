import Domain
import Foundation
import XCTest

final class TextTrimmingTests: XCTestCase {
    /// Text with every kind of space, line end, mark and digit at its ends and inside.
    private let samples = [
        "", " ", "\t", "  a  ", "\ta b\t", "\n a \r\n", "\u{00A0}x\u{3000}", "\u{2028}y\u{2029}",
        "\u{0085}z\u{000B}\u{000C}", "\u{301}é ", "  Pokémon\u{200B} ", "12, 3;4", "a,,b", "-x_y.z-",
        "東京 タワー", "\u{1F600} ok \u{1F600}", "Ⅻ½٣x", "\u{2003}\u{2009}wide\u{202F}"
    ]

    func testTrimmingMatchesFoundationForEachSet() {
        let sets: [(ScalarSet, CharacterSet, String)] = [
            (.whitespaces, .whitespaces, "whitespaces"),
            (.newlines, .newlines, "newlines"),
            (.whitespacesAndNewlines, .whitespacesAndNewlines, "whitespacesAndNewlines"),
            (.letters, .letters, "letters"),
            (.alphanumerics, .alphanumerics, "alphanumerics"),
            (ScalarSet(charactersIn: "-_."), CharacterSet(charactersIn: "-_."), "-_.")
        ]
        for (ours, foundation, name) in sets {
            for text in samples {
                XCTAssertEqual(text.trimming(ours), text.trimmingCharacters(in: foundation), "\(name) on \(text.debugDescription)")
            }
        }
    }

    func testComponentsMatchFoundationIncludingEmptyPieces() {
        let separators = ScalarSet(charactersIn: ",;")
        for text in samples + [",", ",,", "a,", ",a"] {
            XCTAssertEqual(
                text.components(separatedBy: separators),
                text.components(separatedBy: CharacterSet(charactersIn: ",;")), text.debugDescription)
            XCTAssertEqual(
                text.components(separatedBy: ScalarSet.whitespacesAndNewlines),
                text.components(separatedBy: CharacterSet.whitespacesAndNewlines), text.debugDescription)
        }
    }

    func testTrimmingWorksOnScalarsAndKeepsTheInside() {
        XCTAssertEqual(" \t a  b \t".trimming(.whitespaces), "a  b")
        XCTAssertEqual("\n\n".trimming(.whitespacesAndNewlines), "")
        XCTAssertEqual("x\n".trimming(.whitespaces), "x\n")
        XCTAssertEqual("  a ".dropFirst().trimming(.whitespaces), "a", "works on a Substring")
    }

    func testSetMembershipUnionAndInversion() {
        XCTAssertTrue(ScalarSet.whitespaces.contains("\u{00A0}"))
        XCTAssertFalse(ScalarSet.whitespaces.contains("\n"))
        XCTAssertTrue(ScalarSet.newlines.contains("\u{2028}"))
        XCTAssertTrue(ScalarSet.letters.contains("\u{301}"), "marks count as letters")
        XCTAssertFalse(ScalarSet.letters.contains("7"))
        XCTAssertTrue(ScalarSet.alphanumerics.contains("٣"))
        XCTAssertTrue(ScalarSet.letters.inverted.contains("7"))
        XCTAssertTrue(ScalarSet(charactersIn: "a").union(ScalarSet(charactersIn: "b")).contains("b"))
    }
}
