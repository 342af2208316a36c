import CSnapshotData
import Domain
import FoundationEssentials

/// The embedded places files, by name.
enum EmbeddedPOIsFiles {
    static func all() -> [String: Data] {
        var files: [String: Data] = [:]
        for i in 0..<dc_places_file_count() {
            let file = dc_places_file_at(i)
            guard let name = file.name, let bytes = file.bytes else { continue }
            files[String(cString: name)] = Data(bytes: bytes, count: file.length)
        }
        return files
    }

    /// One file's bytes, without copying the others.
    static func named(_ wanted: String) -> Data? {
        for i in 0..<dc_places_file_count() {
            let file = dc_places_file_at(i)
            guard let name = file.name, let bytes = file.bytes, String(cString: name) == wanted else { continue }
            return Data(bytes: bytes, count: file.length)
        }
        return nil
    }
}
