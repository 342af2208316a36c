import Foundation

/// The built binary run as a new user would run it: with only the given environment (`env -i`),
/// in a folder of the test's, standard output and error to the files `out` and `err` there.
public enum SeparateRun {
    /// What the run did.
    public struct Result {
        /// The exit status (128 + n when killed by signal n).
        public let status: Int32
        /// Standard output, decoded as UTF-8 ("" when there was none).
        public let out: String
        /// Standard error, decoded as UTF-8 ("" when there was none).
        public let err: String
    }

    /// Runs `BuiltProducts.discover` and waits for it.
    /// - Parameters:
    ///   - arguments: its arguments (quoted for the shell here; none may hold `'`).
    ///   - environment: its whole environment.
    ///   - folder: an existing folder, its working folder and where `out` and `err` are written.
    /// - Returns: the status and both outputs.
    /// - Throws: `POSIXError` when /bin/sh cannot be started.
    public static func run(_ arguments: [String], environment: [String: String], in folder: String) throws -> Result {
        let assignments = environment.sorted { $0.key < $1.key }.map { "'\($0.key)=\($0.value)'" }.joined(separator: " ")
        let quoted = ([BuiltProducts.discover] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let result = try Subprocess.run("/bin/sh", ["-c", "cd '\(folder)' && exec /usr/bin/env -i \(assignments) \(quoted) >out 2>err"])
        let out = (try? String(contentsOfFile: folder + "/out", encoding: .utf8)) ?? ""
        let err = (try? String(contentsOfFile: folder + "/err", encoding: .utf8)) ?? ""
        return Result(status: result.status, out: out, err: err)
    }
}
