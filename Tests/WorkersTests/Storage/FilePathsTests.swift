import Foundation
import XCTest

@testable import Workers

final class FilePathsTests: XCTestCase {
    private let bases = ["/home/ana", "/home/ana/", "/", "relative", "", "/tmp/x/"]
    private let components = ["discover-tui", "config", ".tmp-1-2-entry", "a/b"]

    func testJoiningMatchesNSStringOnThePathsTheProgramBuilds() {
        for base in bases {
            for component in components {
                XCTAssertEqual(
                    FilePaths.join(base, component), (base as NSString).appendingPathComponent(component),
                    "\(base.debugDescription) + \(component.debugDescription)")
            }
        }
        XCTAssertEqual(FilePaths.join("/home/ana/.cache", "discover-tui"), "/home/ana/.cache/discover-tui")
        // Where NSString keeps the slashes as written, the join makes them one.
        XCTAssertEqual(FilePaths.join("a//b", "c"), "a/b/c")
        XCTAssertEqual(FilePaths.join("/tmp/x/", ""), "/tmp/x")
    }

    func testTheParentIsThePathWithoutItsLastComponent() {
        let expected = [
            "/home/ana": "/home", "/home/ana/": "/home", "/": "/", "relative": "", "/tmp/x/": "/tmp",
            "/a": "/", "a/b": "a", "//a//b//": "/a", "": "", "/home/ana/.config/discover-tui": "/home/ana/.config"
        ]
        for (path, parent) in expected {
            XCTAssertEqual(FilePaths.parent(of: path), parent, path.debugDescription)
        }
    }
}
