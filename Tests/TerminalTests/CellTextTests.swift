import Foundation
import Terminal
import XCTest

final class CellTextTests: XCTestCase {
    private var sut: CellText!

    override func setUp() {
        super.setUp()
        setlocale(LC_ALL, "C.UTF-8")
        sut = CellText(repertoire: .unicode)
    }

    func testEscapeSequencesBecomeVisiblePlaceholdersAndNeverReachTheTerminal() {
        // Given a name that would clear the screen and home the cursor (case C05)
        let name = "A\u{1B}[2J\u{1B}[HB"
        // When it is sanitised
        let shown = sut.sanitize(name)
        // Then ESC is shown as ␛ and no control character is left
        XCTAssertEqual(shown, "A␛[2J␛[HB")
        XCTAssertFalse(shown.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        XCTAssertEqual(sut.width(name), 9)
    }

    func testCarriageReturnTabNewlineBellAndDeleteAreVisibleSoOneRowStaysOneRow() {
        let shown = sut.sanitize("X\u{1B}[1A\rSpoofed\tnl\nbell\u{07} del\u{7F}")
        XCTAssertEqual(shown, "X␛[1A␍Spoofed␉nl␊bell␇ del␡")
    }

    func testC1ControlsBecomeReplacementCharacters() {
        XCTAssertEqual(sut.sanitize("C1 \u{9B}31mRed"), "C1 \u{FFFD}31mRed")
    }

    func testBidiOverridesAndIsolatesAreRemoved() {
        // Given the classic right-to-left override spoof (case C06)
        let shown = sut.sanitize("Shop\u{202E}txt.exe \u{2066}x\u{2069}\u{200F}")
        // Then the controls are gone and the width is that of the visible letters
        XCTAssertEqual(shown, "Shoptxt.exe x")
        XCTAssertEqual(sut.width("Shop\u{202E}txt.exe"), 11)
    }

    func testNFCAndNFDSpellingsTakeTheSameCells() {
        let nfc = "Caf\u{E9} Am\u{E9}lie"
        let nfd = "Cafe\u{301} Ame\u{301}lie"
        XCTAssertEqual(sut.width(nfc), 11)
        XCTAssertEqual(sut.width(nfd), 11)
        XCTAssertEqual(sut.sanitize(nfd), nfc)
    }

    func testWideCharactersTakeTwoCellsAndTruncationNeverSplitsOne() {
        // Given a Japanese title (case C03)
        let title = "進撃の巨人 The Final Season 完結編"
        XCTAssertEqual(sut.width("進撃の巨人"), 10)
        // When it is cut to an odd number of cells
        let cut = sut.truncate(title, toCells: 6)
        // Then no half glyph is drawn: two wide glyphs and the ellipsis
        XCTAssertEqual(cut, "進撃…")
        XCTAssertEqual(sut.width(cut), 5)
        for cells in 1...20 {
            XCTAssertLessThanOrEqual(sut.width(sut.truncate(title, toCells: cells)), cells, "at \(cells) cells")
        }
    }

    func testJoinedEmojiAreMeasuredAsTheSeparateGlyphsEveryTerminalDraws() {
        // Given a ZWJ family and a flag built with a variation selector (case C04)
        let family = "Modern Family 👨\u{200D}👩\u{200D}👧\u{200D}👦"
        let pride = "Pride 🏳️\u{200D}🌈 and Chef 👩\u{200D}🍳"
        // Then joiners and selectors are removed and each emoji is measured alone
        XCTAssertEqual(sut.sanitize(family), "Modern Family 👨👩👧👦")
        XCTAssertEqual(sut.width(family), 14 + 8)
        XCTAssertFalse(sut.sanitize(pride).unicodeScalars.contains { $0.value == 0x200D || $0.value == 0xFE0F })
    }

    func testFixedWidthPadsAndCutsToExactlyTheGivenCells() {
        for text in ["", "abc", "進撃の巨人", "Modern Family 👨\u{200D}👩\u{200D}👧", "W" + String(repeating: "x", count: 200)] {
            for cells in [1, 2, 5, 13, 40] {
                XCTAssertEqual(sut.width(sut.fixed(text, cells: cells)), cells, "\(text) at \(cells)")
            }
        }
        XCTAssertEqual(sut.fixed("7", cells: 3, alignRight: true), "  7")
    }

    func testWrapBreaksAtSpacesAndSplitsOverlongWordsByCells() {
        let lines = sut.wrap("word word word word", toCells: 10)
        XCTAssertEqual(lines, ["word word", "word word"])
        let long = sut.wrap(String(repeating: "W", count: 25), toCells: 10)
        XCTAssertEqual(long, ["WWWWWWWWWW", "WWWWWWWWWW", "WWWWW"])
        let wide = sut.wrap("進撃の巨人", toCells: 5)
        XCTAssertEqual(wide, ["進撃", "の巨", "人"])
        XCTAssertTrue(wide.allSatisfy { sut.width($0) <= 5 })
    }

    func testASCIIRepertoireTransliteratesPunctuationAndShowsQuestionMarksForTheRest() {
        let ascii = CellText(repertoire: .ascii)
        XCTAssertEqual(ascii.sanitize("Café – 2011–2019 ★ 8.1 … “x”"), "Cafe - 2011-2019 * 8.1 ... \"x\"")
        XCTAssertEqual(ascii.sanitize("進撃 \u{1B}x"), "?? ?x")
        XCTAssertEqual(ascii.sanitize("Konyalı · Straße · Łódź · © OSM"), "Konyali . Strasse . Lodz . (c) OSM")
        XCTAssertEqual(ascii.sanitize("Popular now ⇄ All shows (♥)"), "Popular now <-> All shows (<3)", "the help's glyphs as the manual writes them")
        XCTAssertEqual(ascii.width("進撃"), 2)
        XCTAssertEqual(ascii.truncate("abcdef", toCells: 4), "abc~")
    }

    func testDrawingCharactersAreTheirOwnNormalFormsAndKeepTheirGlyphInsideNormalisedText() {
        // The fact the drawing fast path relies on, for every scalar of U+2500–U+28FF.
        for v in UInt32(0x2500)...0x28FF {
            guard let scalar = Unicode.Scalar(v) else { return XCTFail("U+\(String(v, radix: 16)) is not a scalar") }
            let text = String(Character(scalar))
            XCTAssertEqual(text.precomposedStringWithCanonicalMapping.unicodeScalars.map(\.value), [v])
            XCTAssertEqual(text.decomposedStringWithCanonicalMapping.unicodeScalars.map(\.value), [v])
            let category = scalar.properties.generalCategory
            XCTAssertFalse([.format, .lineSeparator, .paragraphSeparator, .nonspacingMark, .enclosingMark, .spacingMark].contains(category), "U+\(String(v, radix: 16))")
            let glyphs = sut.glyphs(text)
            XCTAssertEqual(glyphs.map(\.scalars), [[scalar]])
            // The same glyph inside text that is normalised first (an "é" makes it so).
            let slow = sut.glyphs("é" + text).dropFirst()
            XCTAssertEqual(glyphs.map(\.width), slow.map(\.width), "U+\(String(v, radix: 16))")
            XCTAssertEqual(glyphs.map(\.scalars), slow.map(\.scalars), "U+\(String(v, radix: 16))")
        }
        // Mixed with ASCII and with text that is normalised, each keeps its cells.
        XCTAssertEqual(sut.width("⣿⠁ ─┼─ A"), 8)
        XCTAssertEqual(sut.glyphs("e\u{301}⠿").map(\.scalars), [["é"], ["⠿"]])
        let ascii = CellText(repertoire: .ascii).sanitize("─┼─ ⣿")
        XCTAssertTrue(ascii.unicodeScalars.allSatisfy(\.isASCII), ascii)
        XCTAssertEqual(CellText(repertoire: .ascii).width("─┼─ ⣿"), 5)
    }
}
