import Foundation

/// Files of this repository, read by path from the package root: the embedded snapshot's
/// data (`Sources/CSnapshotData/data/…`) and the test fixtures (`Tests/TestSupport/Fixtures/…`).
public enum RepositoryFiles {
    /// Reads a file.
    /// - Parameter path: the path from the package root.
    /// - Returns: its bytes.
    /// - Throws: the file system's error when it cannot be read.
    public static func data(_ path: String) throws -> Data {
        try Data(contentsOf: url(path))
    }

    /// The absolute URL of a path from the package root.
    public static func url(_ path: String) -> URL {
        BuiltProducts.packageRoot.appendingPathComponent(path)
    }
}
