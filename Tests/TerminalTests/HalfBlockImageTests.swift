import XCTest

@testable import Terminal

/// Pictures in half-blocks: the cells' pixels, the nearest palette colours in CIELAB, and the
/// 24-bit bytes of a poster.
@MainActor
final class HalfBlockImageTests: XCTestCase {
    func testCellsHoldTwoPixelsAndAnOddLastRowIsRepeated() async throws {
        let rgb: [UInt8] = [10, 20, 30, 40, 50, 60, 70, 80, 90]
        let image = try XCTUnwrap(HalfBlockImage(width: 1, height: 3, rgb: rgb))
        XCTAssertEqual(image.rows, 2)
        XCTAssertTrue(image.pixel(x: 0, y: 1) == (40, 50, 60))
        XCTAssertTrue(image.pixel(x: 0, y: 3) == (70, 80, 90))
        XCTAssertNil(HalfBlockImage(width: 2, height: 2, rgb: rgb))
    }

    func testTheNearestPaletteColourIsFoundInCIELAB() async {
        // Exact palette colours map to themselves: cube corners and a grey.
        XCTAssertEqual(PaletteMatch.nearest(255, 0, 0), 196)
        XCTAssertEqual(PaletteMatch.nearest(0, 0, 0), 16)
        XCTAssertEqual(PaletteMatch.nearest(255, 255, 255), 231)
        XCTAssertEqual(PaletteMatch.nearest(128, 128, 128), 244)
        // A near grey goes to the grey ramp, not to a tinted cube colour.
        XCTAssertEqual(PaletteMatch.nearest(60, 61, 59), 237)
        // Never the system colours 0–15, which themes and terminals redefine.
        for value in stride(from: 0, through: 255, by: 17) {
            XCTAssertGreaterThanOrEqual(PaletteMatch.nearest(UInt8(value), UInt8(255 - value), 128), 16)
        }
    }

    func testColoursAreChosenByTheTerminal() async {
        XCTAssertEqual(ImageColours.choose(wanted: true, colorInUse: true, unicode: true, colors: 256, colorterm: "truecolor"), .truecolour)
        XCTAssertEqual(ImageColours.choose(wanted: true, colorInUse: true, unicode: true, colors: 256, colorterm: "24bit"), .truecolour)
        XCTAssertEqual(ImageColours.choose(wanted: true, colorInUse: true, unicode: true, colors: 256, colorterm: nil), .palette)
        XCTAssertEqual(ImageColours.choose(wanted: true, colorInUse: true, unicode: true, colors: 8, colorterm: nil), .none)
        XCTAssertEqual(ImageColours.choose(wanted: true, colorInUse: true, unicode: false, colors: 256, colorterm: "truecolor"), .none)
        XCTAssertEqual(ImageColours.choose(wanted: true, colorInUse: false, unicode: true, colors: 256, colorterm: "truecolor"), .none)
        XCTAssertEqual(ImageColours.choose(wanted: false, colorInUse: true, unicode: true, colors: 256, colorterm: "truecolor"), .none)
    }

    func testTheBytesOfA24BitPosterRepeatNoUnchangedColour() async throws {
        // Two cells of one colour, then one of another: the colour is sent twice, not three times.
        let rgb: [UInt8] = [1, 2, 3, 1, 2, 3, 9, 9, 9] + [4, 5, 6, 4, 5, 6, 9, 9, 9]
        let image = try XCTUnwrap(HalfBlockImage(width: 3, height: 2, rgb: rgb))
        let frame = PictureFrame()
        frame.placements = [.init(image: image, row: 0, column: 4, top: 0, left: 4, bottom: 1, right: 7)]
        let text = String(decoding: frame.truecolourBytes(), as: UTF8.self)
        XCTAssertEqual(text, "\u{1B}7\u{1B}[1;5H\u{1B}[38;2;1;2;3;48;2;4;5;6m▀▀\u{1B}[38;2;9;9;9;48;2;9;9;9m▀\u{1B}[0m\u{1B}8")
    }

    func testCellsDrawnOverAPictureAreLeftToWhatCoversThem() async throws {
        let rgb = [UInt8](repeating: 200, count: 3 * 2 * 3)
        let image = try XCTUnwrap(HalfBlockImage(width: 3, height: 2, rgb: rgb))
        let frame = PictureFrame()
        var placement = PictureFrame.Placement(image: image, row: 2, column: 0, top: 2, left: 0, bottom: 3, right: 3)
        placement.cover(row: 2, from: 1, to: 2)
        placement.cover(row: 9, from: 0, to: 3)
        frame.placements = [placement]
        // The colours set before the gap are still the terminal's after the cursor moves past it.
        let text = String(decoding: frame.truecolourBytes(), as: UTF8.self)
        XCTAssertEqual(text, "\u{1B}7\u{1B}[3;1H\u{1B}[38;2;200;200;200;48;2;200;200;200m▀\u{1B}[3;3H▀\u{1B}[0m\u{1B}8")
    }
}
