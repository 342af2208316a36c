import Foundation
import Terminal
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

final class ClipboardTests: XCTestCase {
    override func setUp() {
        super.setUp()
        setlocale(LC_ALL, "C.UTF-8")
    }

    func testTheSequenceIsOSC52WithTheBase64OfTheSanitisedText() throws {
        let id = "51c1ea234b41d2024059e96d6f58bf6d4840f00103f90179756a14020000009203084d61726c65747465"
        let bytes = try Clipboard.sequence(for: id)
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("\u{1B}]52;c;"))
        XCTAssertTrue(text.hasSuffix("\u{1B}\\"))
        let payload = String(text.dropFirst(7).dropLast(2))
        XCTAssertEqual(Data(base64Encoded: payload).map { String(decoding: $0, as: UTF8.self) }, id)
        // A value carrying its own controls cannot end the sequence or start another.
        let hostile = try Clipboard.sequence(for: "a\u{1B}]52;c;ZXZpbA==\u{07}b\u{1B}\\c\u{9C}")
        XCTAssertEqual(hostile.filter { $0 == 0x1B }.count, 2, "only the sequence's own ESCs")
        XCTAssertFalse(hostile.contains(0x07))
        let decoded = Data(base64Encoded: String(decoding: hostile.dropFirst(7).dropLast(2), as: UTF8.self))
        let inner = try XCTUnwrap(decoded.map { String(decoding: $0, as: UTF8.self) })
        XCTAssertFalse(inner.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, inner)
    }

    func testEmptyAndOverlongTextAndTerminalsWithoutOSC52AreRefused() {
        XCTAssertThrowsError(try Clipboard.sequence(for: "")) { XCTAssertEqual($0 as? Clipboard.Failure, .empty) }
        let long = String(repeating: "x", count: Clipboard.maximumBytes + 1)
        XCTAssertThrowsError(try Clipboard.sequence(for: long)) { XCTAssertEqual($0 as? Clipboard.Failure, .tooLong(bytes: Clipboard.maximumBytes + 1)) }
        for term in [nil, "", "dumb", "linux", "vt100", "vt220"] { XCTAssertFalse(Clipboard.mayWork(term: term), term ?? "nil") }
        for term in ["xterm-256color", "tmux-256color", "screen", "xterm-kitty", "foot"] { XCTAssertTrue(Clipboard.mayWork(term: term), term) }
    }

    func testCopyWritesTheWholeSequenceToTheDescriptorAndReportsAClosedOne() throws {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        try Clipboard.copy("https://www.starbucks.com.tr/", term: "xterm-256color", to: fds[1])
        close(fds[1])
        var buffer = [UInt8](repeating: 0, count: 256)
        let n = read(fds[0], &buffer, buffer.count)
        close(fds[0])
        XCTAssertEqual(Array(buffer.prefix(max(0, n))), try Clipboard.sequence(for: "https://www.starbucks.com.tr/"))
        // A reader gone: the failure is reported, not ignored (SIGPIPE is ignored in tests' runner or not).
        var closed: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&closed), 0)
        close(closed[0])
        signal(SIGPIPE, SIG_IGN)
        XCTAssertThrowsError(try Clipboard.copy("x", term: "xterm", to: closed[1])) {
            XCTAssertEqual($0 as? Clipboard.Failure, .writeFailed(EPIPE))
        }
        close(closed[1])
        XCTAssertThrowsError(try Clipboard.copy("x", term: "linux", to: 1)) {
            XCTAssertEqual($0 as? Clipboard.Failure, .unsupportedTerminal("linux"))
        }
    }

    func testMiddleTruncationKeepsBothEndsAndMeasuresCells() {
        let text = CellText(repertoire: .unicode)
        let id = "51c1ea234b41d2024059e96d6f58bf6d4840f00103f90179756a14020000009203084d61726c65747465"
        let short = text.truncateMiddle(id, toCells: 21)
        XCTAssertEqual(short, "51c1ea234b…6c65747465")
        XCTAssertEqual(text.width(short), 21)
        XCTAssertEqual(text.truncateMiddle("short", toCells: 21), "short")
        // Wide glyphs are never split: at most the room.
        let wide = text.truncateMiddle("東京都渋谷区神南一丁目", toCells: 8)
        XCTAssertLessThanOrEqual(text.width(wide), 8)
        XCTAssertTrue(wide.hasPrefix("東京") && wide.contains("…") && wide.hasSuffix("目"), wide)
        XCTAssertEqual(CellText(repertoire: .ascii).truncateMiddle("abcdefghij", toCells: 5), "ab~ij")
        XCTAssertEqual(text.truncateMiddle("abc", toCells: 1), "…")
        XCTAssertEqual(text.truncateMiddle("abc", toCells: 0), "")
    }
}
