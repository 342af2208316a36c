import Foundation
import XCTest

@testable import Terminal

/// The kitty graphics protocol's sequences: base64, chunks of at most 4096 bytes, the keys of
/// the first chunk, the delete, the query, its answer read from the terminal, and where the
/// protocol is not asked for.
final class KittyGraphicsTests: XCTestCase {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// The commands of a sequence: each `ESC _ G keys ; payload ESC \`, as (keys, payload).
    private func commands(_ bytes: [UInt8]) -> [(keys: String, payload: String)] {
        text(bytes).matches(of: /\x1B_G([^;\x1B]*);([^\x1B]*)\x1B\\/).map { (String($0.output.1), String($0.output.2)) }
    }

    func testBase64MatchesRFC4648sVectors() {
        let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (plain, encoded) in vectors {
            XCTAssertEqual(text(KittyGraphics.base64(Array(plain.utf8))), encoded, plain)
        }
        let all = (0..<256).map { UInt8($0) }
        XCTAssertEqual(text(KittyGraphics.base64(all)), Data(all).base64EncodedString())
    }

    func testASmallPictureIsOneCommandWithEveryKeyAndTheLastChunkMark() {
        let rgb: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 9, 9]
        let bytes = KittyGraphics.show(rgb: rgb, width: 2, height: 2, columns: 2, rows: 1)
        let parts = commands(bytes)
        XCTAssertEqual(parts.count, 1)
        XCTAssertEqual(parts.first?.keys, "a=T,f=24,s=2,v=2,c=2,r=1,C=1,q=2,m=0")
        XCTAssertEqual(parts.first.flatMap { Data(base64Encoded: $0.payload) }, Data(rgb))
        XCTAssertEqual(text(bytes).count { $0 == "\u{1B}" }, 2, "one APC and its ST: \(text(bytes).debugDescription)")
    }

    func testALargePictureIsSentInChunksOfAtMost4096BytesMarkedMoreButTheLast() throws {
        // 30 × 44 pixels, as a 30 × 22 poster: 3960 bytes, 5280 in base64, two chunks.
        let rgb = (0..<(30 * 44 * 3)).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let parts = commands(KittyGraphics.show(rgb: rgb, width: 30, height: 44, columns: 30, rows: 22, source: (x: 0, y: 2, w: 30, h: 40)))
        XCTAssertEqual(parts.map(\.payload.count), [4096, 5280 - 4096])
        XCTAssertEqual(parts.map(\.keys), ["a=T,f=24,s=30,v=44,c=30,r=22,C=1,q=2,x=0,y=2,w=30,h=40,m=1", "m=0"])
        XCTAssertEqual(Data(base64Encoded: parts.map(\.payload).joined()), Data(rgb))
        // A payload of exactly twice the chunk size: two full chunks, no empty third.
        let even = [UInt8](repeating: 7, count: 6144)
        XCTAssertEqual(commands(KittyGraphics.show(rgb: even, width: 64, height: 32, columns: 8, rows: 4)).map(\.payload.count), [4096, 4096])
    }

    func testTheDeleteAndTheQuery() {
        XCTAssertEqual(text(KittyGraphics.deleteAll), "\u{1B}_Ga=d,d=A,q=2\u{1B}\\")
        XCTAssertEqual(text(KittyGraphics.query), "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c")
    }

    func testTheAnswerIsAReplyOKOrNotAndNeverKeys() {
        var d = InputDecoder(escapeDelay: .milliseconds(25))
        d.feed(Array("\u{1B}_Gi=31;OK\u{1B}\\x\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\\u{1B}[?62;22c".utf8))
        var events: [InputEvent] = []
        while let e = d.next() { events.append(e) }
        XCTAssertEqual(events, [.reply(.graphics(ok: true)), .key(.character("x")), .reply(.graphics(ok: false)), .reply(.deviceAttributes)])
        // Another APC string is still dropped whole.
        var other = InputDecoder(escapeDelay: .milliseconds(25))
        other.feed(Array("\u{1B}_Xhello\u{1B}\\y".utf8))
        XCTAssertEqual(other.next(), .key(.character("y")))
    }

    func testTmuxScreenAndMoshAreNamedAndAPlainTerminalIsNot() {
        XCTAssertEqual(KittyGraphics.multiplexer(environment: ["TMUX": "/tmp/tmux-0/default,1,0", "TERM": "xterm-kitty"]), "tmux")
        XCTAssertEqual(KittyGraphics.multiplexer(environment: ["TERM": "tmux-256color"]), "tmux")
        XCTAssertEqual(KittyGraphics.multiplexer(environment: ["STY": "123.pts-0.host", "TERM": "xterm-kitty"]), "GNU screen")
        XCTAssertEqual(KittyGraphics.multiplexer(environment: ["TERM": "screen-256color"]), "GNU screen")
        XCTAssertEqual(KittyGraphics.multiplexer(environment: ["MOSH_SERVER_PID": "42", "TERM": "xterm-256color"]), "mosh")
        XCTAssertNil(KittyGraphics.multiplexer(environment: ["TERM": "xterm-kitty", "TMUX": ""]))
        XCTAssertNil(KittyGraphics.multiplexer(environment: [:]))
    }

    @MainActor
    func testAFramesPictureIsShownAtItsFirstVisibleCellAfterTheOldOnesAreDeleted() throws {
        let image = try XCTUnwrap(HalfBlockImage(width: 4, height: 6, rgb: (0..<72).map { UInt8($0) }))
        let frame = PictureFrame()
        frame.placements = [PictureFrame.Placement(image: image, row: 2, column: 10, top: 2, left: 10, bottom: 5, right: 14)]
        let whole = text(frame.kittyBytes())
        XCTAssertTrue(whole.hasPrefix("\u{1B}7\u{1B}_Ga=d,d=A,q=2\u{1B}\\\u{1B}[3;11H\u{1B}_Ga=T,f=24,s=4,v=6,c=4,r=3,C=1,q=2,m=0;"), whole.debugDescription)
        XCTAssertTrue(whole.hasSuffix("\u{1B}\\\u{1B}8"))
        // Its top row off screen: the rest, from the pixel row below it.
        frame.placements = [PictureFrame.Placement(image: image, row: -1, column: 10, top: 0, left: 10, bottom: 2, right: 14)]
        XCTAssertEqual(commands(frame.kittyBytes()).last?.keys, "a=T,f=24,s=4,v=6,c=4,r=2,C=1,q=2,x=0,y=2,w=4,h=4,m=0")
        // Drawn over by an overlay: only deleted.
        frame.placements[0].cover(row: 1, from: 0, to: 12)
        XCTAssertEqual(text(frame.kittyBytes()), "\u{1B}7\u{1B}_Ga=d,d=A,q=2\u{1B}\\\u{1B}8")
    }
}
