import Terminal
import Workers
import XCTest

@testable import App

/// `--images`, `DISCOVER_IMAGES` and `images`: the choice, its layers and its messages, and
/// what the screen then draws.
final class ImagesChoiceTests: XCTestCase {
    private func parse(_ arguments: [String], environment: [String: String] = [:], config: String? = nil) throws -> AppOptions {
        let file = try config.map { try ConfigFile.parse($0, path: "/home/ana/.config/discover-tui/config", schema: AppOptions.configSchema) }
        return try AppOptions.parse(arguments, environment: environment, config: file)
    }

    func testTheChoiceComesFromTheFlagTheEnvironmentOrTheFileAndAutoByDefault() throws {
        XCTAssertEqual(try parse([]).images, .auto)
        XCTAssertEqual(try parse(["--images", "off"], environment: ["DISCOVER_IMAGES": "auto"]).images, .off)
        XCTAssertEqual(try parse(["--images=HalfBlocks"]).images, .halfblocks)
        XCTAssertEqual(try parse([], environment: ["DISCOVER_IMAGES": "off"], config: "images = auto").images, .off)
        XCTAssertEqual(try parse([], config: "images = off").images, .off)
        XCTAssertEqual(try parse(["--images", "kitty"]).images, .kitty)
        XCTAssertEqual(try parse([], environment: ["DISCOVER_IMAGES": "KITTY"]).images, .kitty)
        XCTAssertEqual(try parse([], config: "images = kitty").images, .kitty)
        XCTAssertThrowsError(try parse(["--images", "sixel"])) { error in
            XCTAssertEqual((error as? UsageError)?.message, "--images must be one of auto, halfblocks, kitty, off (got 'sixel')")
        }
        XCTAssertThrowsError(try parse([], environment: ["DISCOVER_IMAGES": "sixel"])) { error in
            XCTAssertEqual((error as? UsageError)?.message, "DISCOVER_IMAGES must be one of auto, halfblocks, kitty, off (got 'sixel')")
        }
    }

    func testOffAsksForNoPictureAndTheScreenDrawsNoneWhereItCannot() {
        XCTAssertFalse(ImagesChoice.off.wanted)
        XCTAssertTrue(ImagesChoice.auto.wanted)
        XCTAssertTrue(ImagesChoice.halfblocks.wanted)
        XCTAssertTrue(ImagesChoice.kitty.wanted)
        // What `--ascii`, `--theme mono` / `NO_COLOR` and an 8-colour terminal leave.
        XCTAssertEqual(ImageColours.choose(wanted: true, colorInUse: true, unicode: false, colors: 256, colorterm: nil), .none)
        XCTAssertEqual(ImageColours.choose(wanted: true, colorInUse: false, unicode: true, colors: 256, colorterm: "truecolor"), .none)
        XCTAssertEqual(ImageColours.choose(wanted: true, colorInUse: true, unicode: true, colors: 8, colorterm: nil), .none)
    }

    func testNoPictureWorkerOfflineOrWhenTheScreenDrawsNone() throws {
        XCTAssertNil(ImagesComposition.worker(options: try parse(["--offline"]), colours: .truecolour, environment: [:]))
        XCTAssertNil(ImagesComposition.worker(options: try parse([]), colours: .none, environment: [:]))
        XCTAssertNotNil(ImagesComposition.worker(options: try parse(["--no-cache"]), colours: .palette, environment: [:]))
    }
}
