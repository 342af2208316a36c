import Foundation
import XCTest

@testable import Workers

/// The mirror's lock: one holder at a time, free again once let go, and a lock file that cannot
/// be made said as such.
final class MirrorLockTests: XCTestCase {
    private var folder = ""

    override func setUp() {
        folder = NSTemporaryDirectory() + "mirror-lock-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func testASecondTakerIsToldTheLockIsHeldUntilTheFirstLetsItGo() throws {
        let path = folder + "/" + MirrorStore.fileName
        let first = try MirrorLock.take(path: path)
        XCTAssertThrowsError(try MirrorLock.take(path: path)) { error in
            XCTAssertEqual(error as? MirrorLock.Failure, .held)
        }
        first.release()
        let second = try MirrorLock.take(path: path)
        second.release()
    }

    func testALockFileThatCannotBeMadeIsUnusable() {
        XCTAssertThrowsError(try MirrorLock.take(path: folder + "/missing/" + MirrorStore.fileName)) { error in
            guard case .unusable(let reason) = error as? MirrorLock.Failure else { return XCTFail("\(error)") }
            XCTAssertFalse(reason.isEmpty)
        }
    }
}
