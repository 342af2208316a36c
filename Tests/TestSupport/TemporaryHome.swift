import Foundation
import XCTest

/// A home for one test: a real folder made under the system's temporary folder (`mkdtemp`),
/// with the XDG folders named inside it and removed with everything in it when the test ends.
///
/// The XDG folders are named, not made: what the program writes makes them, and a test can put
/// a file where one should be.
///
/// ```swift
/// let home = try TemporaryHome(for: self)
/// let worker = FavouritesWorker(environment: home.environment)   // $XDG_DATA_HOME = home.data
/// ```
public final class TemporaryHome: @unchecked Sendable {
    /// The folder itself, an absolute path without a trailing `/`.
    public let path: String

    /// Makes the folder and removes it when `test` ends (its teardown).
    /// - Parameters:
    ///   - test: the test that owns it.
    ///   - prefix: the start of the folder's name, to tell the tests' folders apart.
    /// - Throws: `CocoaError` when the folder cannot be made.
    public init(for test: XCTestCase, prefix: String = "discover-test") throws {
        var template = Array((NSTemporaryDirectory() + "/" + prefix + "-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer -> String? in
            guard let base = buffer.baseAddress, mkdtemp(base) != nil else { return nil }
            return String(cString: base)
        }
        guard let made else { throw CocoaError(.fileWriteUnknown) }
        path = URL(fileURLWithPath: made).standardizedFileURL.path
        test.addTeardownBlock { [path] in try? FileManager.default.removeItem(atPath: path) }
    }

    /// `$XDG_CONFIG_HOME`: `<path>/config`.
    public var config: String { path + "/config" }
    /// `$XDG_DATA_HOME`: `<path>/data`.
    public var data: String { path + "/data" }
    /// `$XDG_CACHE_HOME`: `<path>/cache`.
    public var cache: String { path + "/cache" }
    /// `$XDG_STATE_HOME`: `<path>/state`.
    public var state: String { path + "/state" }

    /// `HOME` and the four XDG variables, pointing into the folder.
    public var environment: [String: String] {
        ["HOME": path, "XDG_CONFIG_HOME": config, "XDG_DATA_HOME": data, "XDG_CACHE_HOME": cache, "XDG_STATE_HOME": state]
    }
}
