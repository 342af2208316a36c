import Foundation

/// The built binary run as `discover-tui … | cat`: a fresh home and XDG folders under a temporary
/// root, a UTF-8 locale, nothing else from the test's environment but what is given.
public struct PipedRun {
    /// What one run did.
    public struct Result {
        /// The program's exit status (not `cat`'s).
        public let status: Int32
        /// Its standard output.
        public let out: String
        /// Its standard error.
        public let err: String
    }

    /// The run's own folder: the working folder, `home`, `config`, `cache`, `data` are in it.
    public let root: String

    /// Makes the folder (`NSTemporaryDirectory()/PREFIX-XXXXXXXX/home`).
    /// - Parameter prefix: the folder's name before its random part, for example `discover-cli`.
    /// - Throws: what creating the folder throws.
    public init(prefix: String) throws {
        root = NSTemporaryDirectory() + "\(prefix)-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
    }

    /// Removes the folder and all in it.
    public func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Runs the binary with output to a pipe.
    /// - Parameters:
    ///   - arguments: the arguments after the program's name.
    ///   - environment: variables added over (or replacing) the defaults.
    /// - Returns: the status and both outputs.
    /// - Throws: when the shell cannot be started.
    public func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        var env = [
            "HOME": root + "/home", "XDG_CONFIG_HOME": root + "/config", "XDG_CACHE_HOME": root + "/cache", "LC_ALL": "C.UTF-8",
            "PATH": "/usr/bin:/bin"
        ]
        env.merge(environment) { _, new in new }
        let assignments = env.sorted { $0.key < $1.key }.map { "'\($0.key)=\($0.value)'" }
        let quoted = ([BuiltProducts.discover] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let script = "cd '\(root)' && /usr/bin/env -i \(assignments.joined(separator: " ")) \(quoted.joined(separator: " ")) 2>err | cat >out; exit ${PIPESTATUS:-0}"
        let result = try Subprocess.run("/bin/bash", ["-c", "set -o pipefail; " + script])
        let out = (try? String(contentsOfFile: root + "/out", encoding: .utf8)) ?? ""
        let err = (try? String(contentsOfFile: root + "/err", encoding: .utf8)) ?? ""
        return Result(status: result.status, out: out, err: err)
    }
}
