import Foundation
import TestSupport
import Workers
import XCTest

final class XDGDirectoriesTests: XCTestCase {
    private var root = ""
    private let mounts = TmpfsMounts()

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("discover-xdg-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        mounts.unmountAll()
        _ = chmod(root, 0o700)
        try? FileManager.default.removeItem(atPath: root)
    }

    func testVariablesThatDoNotExistYetAreMadeWithMode0700() throws {
        let env = [
            "HOME": "\(root)/home",
            "XDG_CONFIG_HOME": "\(root)/cfg/deep",
            "XDG_DATA_HOME": "\(root)/data",
            "XDG_CACHE_HOME": "\(root)/cache"
        ]
        let sut = XDGDirectories(environment: env)
        XCTAssertEqual(try sut.ensure(.config), "\(root)/cfg/deep/discover-tui")
        XCTAssertEqual(try sut.ensure(.data), "\(root)/data/discover-tui")
        XCTAssertEqual(try sut.ensure(.cache), "\(root)/cache/discover-tui")
        for path in ["\(root)/cfg/deep/discover-tui", "\(root)/data/discover-tui", "\(root)/cache/discover-tui"] {
            let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
            XCTAssertEqual(mode & 0o777, 0o700, path)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(root)/home"), "nothing is written under HOME")
    }

    func testUnsetOrRelativeVariablesFallBackToTheDefaultsUnderHome() {
        let sut = XDGDirectories(environment: ["HOME": "/home/ana", "XDG_CACHE_HOME": "relative/cache", "XDG_DATA_HOME": ""])
        XCTAssertEqual(sut.path(.config), "/home/ana/.config/discover-tui")
        XCTAssertEqual(sut.path(.data), "/home/ana/.local/share/discover-tui")
        XCTAssertEqual(sut.path(.cache), "/home/ana/.cache/discover-tui")
    }

    func testAFileInThePOIOfAFolderAndAReadOnlyParentGiveTheirPathAndReason() throws {
        XCTAssertTrue(FileManager.default.createFile(atPath: "\(root)/file", contents: Data("x".utf8)))
        let blocked = XDGDirectories(environment: ["XDG_CACHE_HOME": "\(root)/file"])
        XCTAssertThrowsError(try blocked.ensure(.cache)) { error in
            XCTAssertEqual(error as? StorageError, StorageError(path: "\(root)/file", reason: "not a folder"))
        }
        try FileManager.default.createDirectory(atPath: "\(root)/ro", withIntermediateDirectories: true)
        XCTAssertEqual(chmod("\(root)/ro", 0o555), 0)
        var reason = "Permission denied"
        if access("\(root)/ro", W_OK) == 0 {
            // Mode 555 does not stop root: a read-only file system does.
            try mounts.mount(at: root + "/ro", options: "size=64k,ro")
            reason = "Read-only file system"
        }
        let readOnly = XDGDirectories(environment: ["XDG_DATA_HOME": "\(root)/ro"])
        XCTAssertThrowsError(try readOnly.ensure(.data)) { error in
            XCTAssertEqual((error as? StorageError)?.path, "\(root)/ro/discover-tui")
            XCTAssertEqual((error as? StorageError)?.reason, reason)
        }
    }
}
