import CSnapshotData
import Domain
import FoundationEssentials

/// The files of the embedded snapshot, by name.
enum EmbeddedFiles {
    /// One embedded file's bytes, without copying them.
    static func bytes(_ name: String) -> EmbeddedBytes? {
        for i in 0..<dc_snapshot_file_count() {
            let file = dc_snapshot_file_at(i)
            guard let fileName = file.name, let bytes = file.bytes, String(cString: fileName) == name else { continue }
            return EmbeddedBytes(buffer: UnsafeRawBufferPointer(start: bytes, count: file.length))
        }
        return nil
    }
}
