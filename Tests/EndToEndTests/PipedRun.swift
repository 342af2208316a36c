import Foundation
import TestSupport

/// Runs the built binary with output to a pipe (`| cat`), a fresh home under `root` and
/// nothing else set but `environment`.
/// - Parameters:
///   - arguments: the binary's arguments.
///   - root: a temporary folder: the home, config and cache folders and the captured streams.
///   - environment: variables added to (or replacing) the fresh ones.
/// - Returns: the exit status, standard output and standard error.
/// - Throws: when the shell cannot be started.
func runPiped(_ arguments: [String], root: String, environment: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
    var env = ["HOME": root + "/home", "XDG_CONFIG_HOME": root + "/config", "XDG_CACHE_HOME": root + "/cache", "LC_ALL": "C.UTF-8",
               "PATH": "/usr/bin:/bin"]
    env.merge(environment) { _, new in new }
    let assignments = env.sorted { $0.key < $1.key }.map { "'\($0.key)=\($0.value)'" }
    let quoted = ([BuiltProducts.discover] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let script = "cd '\(root)' && /usr/bin/env -i \(assignments.joined(separator: " ")) \(quoted.joined(separator: " ")) 2>err | cat >out; exit ${PIPESTATUS:-0}"
    let result = try Subprocess.run("/bin/bash", ["-c", "set -o pipefail; " + script])
    let out = (try? String(contentsOfFile: root + "/out", encoding: .utf8)) ?? ""
    let err = (try? String(contentsOfFile: root + "/err", encoding: .utf8)) ?? ""
    return (result.status, out, err)
}
