import Foundation
import XCTest

/// tmpfs mounts for tests that need a real read-only or full file system: as root, a mode-555
/// folder does not stop a write, a read-only mount does. Mounting needs root and CAP_SYS_ADMIN;
/// where it is refused, the test is skipped with the reason.
public final class TmpfsMounts {
    private var paths: [String] = []
    private static let mountProgram = ["/bin/mount", "/usr/bin/mount"].first { FileManager.default.isExecutableFile(atPath: $0) }
    private static let umountProgram = ["/bin/umount", "/usr/bin/umount"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Makes an empty set of mounts.
    public init() {}

    /// Mounts a tmpfs at a folder, made first when missing.
    /// - Parameters:
    ///   - path: the folder.
    ///   - options: `mount -o` options, for example `size=16k` (a full disk soon) or
    ///     `size=64k,mode=0555`.
    /// - Throws: `XCTSkip` when there is no mount program or mounting is refused.
    public func mount(at path: String, options: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard let program = Self.mountProgram else {
            throw XCTSkip("no mount program, so a read-only or full file system cannot be made")
        }
        let result = try? Subprocess.run(program, ["-t", "tmpfs", "-o", options, "tmpfs", path])
        guard let result, result.status == 0 else {
            let output = result?.output.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            throw XCTSkip("cannot mount a tmpfs here (needs root and CAP_SYS_ADMIN), so a read-only or full file system cannot be made: \(output)")
        }
        paths.append(path)
    }

    /// Makes a mounted tmpfs read-only.
    /// - Parameter path: a folder given to `mount(at:options:)`.
    /// - Throws: `XCTSkip` when remounting is refused.
    public func remountReadOnly(_ path: String) throws {
        let result = try? Subprocess.run(Self.mountProgram ?? "/bin/mount", ["-o", "remount,ro", path])
        guard let result, result.status == 0 else {
            throw XCTSkip("cannot remount the tmpfs read-only: \(result?.output ?? "")")
        }
    }

    /// Unmounts every tmpfs mounted here, the last first.
    public func unmountAll() {
        for path in paths.reversed() { _ = try? Subprocess.run(Self.umountProgram ?? "/bin/umount", [path]) }
        paths = []
    }
}
