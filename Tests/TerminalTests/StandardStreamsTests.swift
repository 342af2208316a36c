import Foundation
import Terminal
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

final class StandardStreamsTests: XCTestCase {
    func testAFullDeviceIsAFailureNamingItsError() throws {
        let fd = open("/dev/full", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw XCTSkip("/dev/full is not available") }
        defer { close(fd) }
        XCTAssertEqual(StandardStreams.write("one line\n", to: fd), .failed(errno: ENOSPC))
        XCTAssertEqual(StandardStreams.describe(errno: ENOSPC), String(cString: strerror(ENOSPC)))
    }

    func testAPipeWhoseReaderWentAwayIsReaderGoneWhenSIGPIPEIsIgnored() {
        // Given a pipe whose read end is closed, and SIGPIPE ignored (as under `trap '' PIPE`)
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        var fds: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&fds), 0)
        close(fds[0])
        defer { close(fds[1]) }
        // Then the write says the reader went away instead of trapping
        XCTAssertEqual(StandardStreams.write(String(repeating: "x", count: 100_000), to: fds[1]), .readerGone)
    }

    func testEveryByteOfALongTextArrivesThroughAPipe() throws {
        // Given more than a pipe's buffer (64 KiB), read on another thread
        var fds: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&fds), 0)
        let text = String(repeating: "0123456789abcdef\n", count: 20_000)
        let reader = fds[0]
        let received = LockedBytes()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var chunk = [UInt8](repeating: 0, count: 8192)
            while true {
                let n = read(reader, &chunk, chunk.count)
                if n <= 0 { break }
                received.append(chunk[0..<n])
            }
            done.signal()
        }
        // When it is written
        XCTAssertEqual(StandardStreams.write(text, to: fds[1]), .written)
        close(fds[1])
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        close(reader)
        // Then all of it arrived, in order
        XCTAssertEqual(received.text, text)
    }

    func testAnEmptyTextWritesNothingAndSucceeds() {
        XCTAssertEqual(StandardStreams.write("", to: -1), .written)
    }

    func testABadDescriptorIsAFailure() {
        XCTAssertEqual(StandardStreams.write("x", to: -1), .failed(errno: EBADF))
    }
}

/// Bytes appended from one thread and read from another.
private final class LockedBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    func append(_ more: ArraySlice<UInt8>) { lock.lock(); bytes.append(contentsOf: more); lock.unlock() }
    var text: String { lock.lock(); defer { lock.unlock() }; return String(decoding: bytes, as: UTF8.self) }
}
