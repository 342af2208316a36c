import Foundation

/// Recorded API responses and field cases for tests, found from this source file's path so tests
/// run from any working directory of a clean clone.
///
/// Two places hold them: `Tests/TestSupport/Fixtures/` (`tvmaze/`, `geoapify/`, `osm/`, `tmdb/`,
/// `cases/`) for responses only tests use, and `Sources/CSnapshotData/data/` for those the binary
/// embeds, which are kept there only rather than copied. See each folder's `PROVENANCE.md`.
public enum Fixtures {
    /// The fixtures folder, `Tests/TestSupport/Fixtures/`.
    public static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures", isDirectory: true)

    /// The embedded snapshot's data folder, `Sources/CSnapshotData/data/`.
    public static let snapshotDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/CSnapshotData/data", isDirectory: true)

    /// The URL of a fixture file.
    /// - Parameter relativePath: the path inside the folder, for example `"osm/overpass_empty_result.json"`.
    public static func url(_ relativePath: String) -> URL {
        directory.appendingPathComponent(relativePath)
    }

    /// The bytes of a fixture file.
    /// - Parameter relativePath: the path inside the folder, for example `"tvmaze/shows_page_0.json"`.
    /// - Returns: the file's bytes.
    /// - Throws: `FixtureError.missing` when the file cannot be read.
    public static func data(_ relativePath: String) throws -> Data {
        do {
            return try Data(contentsOf: url(relativePath))
        } catch {
            throw FixtureError.missing(relativePath)
        }
    }

    /// The bytes of a recorded response the binary embeds.
    /// - Parameter name: the file's name in `Sources/CSnapshotData/data/`, for example
    ///   `"shows_page_0.json"` or `"overpass_lake_district_amenity_pub.json"`.
    /// - Returns: the file's bytes.
    /// - Throws: `FixtureError.missing` when the file cannot be read.
    public static func snapshotData(_ name: String) throws -> Data {
        do {
            return try Data(contentsOf: snapshotDirectory.appendingPathComponent(name))
        } catch {
            throw FixtureError.missing("Sources/CSnapshotData/data/" + name)
        }
    }
}

/// Why a fixture could not be read.
public enum FixtureError: Error, Equatable, CustomStringConvertible {
    /// No readable file at this path.
    case missing(String)

    /// A message naming the file.
    public var description: String {
        switch self {
        case .missing(let path): return "fixture \(path) not found"
        }
    }
}
