import Domain
import FoundationEssentials
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The show lookups an import has finished, kept in a file as they finish, so that an import
/// stopped with Ctrl-C (or by a network failure) and run again asks TVmaze nothing it has
/// already answered.
///
/// The file (`$XDG_CACHE_HOME/discover-tui/import-lookups.tsv`) holds one line per lookup,
/// appended with one write(2) each: `KEY<TAB>none` when TVmaze knows no such show, else
/// `KEY<TAB>ID<TAB>TVDB<TAB>IMDB<TAB>NAME` (`-` for an unknown id). Keys are `tvdb:75897`,
/// `imdb:tt0121955` or `name:south park`. A line that cannot be read is ignored.
public final class LookupJournal: Sendable {
    /// A lookup's answer.
    public enum Answer: Sendable, Equatable {
        /// No such show.
        case none
        /// TVmaze's show: its ids and name.
        case show(ProviderIDs, name: String)
    }

    /// The file's name in the app's cache folder.
    public static let fileName = "import-lookups.tsv"

    /// The file's path; nil keeps answers in memory only.
    public let path: String?
    private let answers: Mutex<[String: Answer]>
    private let failedWrite = Mutex<Bool>(false)

    /// Opens a journal, reading the answers already in the file.
    /// - Parameter path: the file's path (missing is empty); nil for memory only.
    public init(path: String?) {
        self.path = path
        var read: [String: Answer] = [:]
        if let path, let data = try? Data(contentsOf: URL(fileURLWithPath: path)) {
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                if fields.count == 2, fields[1] == "none" {
                    read[fields[0]] = Answer.none
                } else if fields.count == 5, let id = Int(fields[1]) {
                    let ids = ProviderIDs(tvmaze: id, tvdb: Int(fields[2]), imdb: fields[3] == "-" ? nil : fields[3])
                    read[fields[0]] = .show(ids, name: fields[4])
                }
            }
        }
        answers = Mutex(read)
    }

    /// The answer kept for a key, if any.
    public func answer(for key: String) -> Answer? {
        answers.withLock { $0[key] }
    }

    /// How many answers are kept.
    public var count: Int { answers.withLock { $0.count } }

    /// A show's ids as a kept lookup found them (its TheTVDB and IMDb ids), by its TVmaze id.
    /// - Parameter tvmaze: the TVmaze show id.
    /// - Returns: the ids; nil when no kept lookup found that show.
    public func ids(ofTVmaze tvmaze: Int) -> ProviderIDs? {
        answers.withLock { answers in
            for answer in answers.values {
                if case .show(let ids, _) = answer, ids.tvmaze == tvmaze { return ids }
            }
            return nil
        }
    }

    /// Keeps an answer, in memory and appended to the file.
    /// - Parameters:
    ///   - answer: the answer.
    ///   - key: the lookup's key.
    /// - Returns: false when the line could not be written (the answer is still kept in memory).
    @discardableResult
    public func keep(_ answer: Answer, for key: String) -> Bool {
        answers.withLock { $0[key] = answer }
        guard let path else { return true }
        func clean(_ text: String) -> String { String(text.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 }) }
        let line: String
        switch answer {
        case .none: line = "\(clean(key))\tnone\n"
        case .show(let ids, let name):
            line = "\(clean(key))\t\(ids.tvmaze ?? 0)\t\(ids.tvdb.map(String.init) ?? "-")\t\(ids.imdb.map(clean) ?? "-")\t\(clean(name))\n"
        }
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return noteFailure() }
        defer { close(fd) }
        let bytes = Array(line.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        return written == bytes.count ? true : noteFailure()
    }

    /// True once a line could not be written.
    public var hadWriteFailure: Bool { failedWrite.withLock { $0 } }

    private func noteFailure() -> Bool {
        failedWrite.withLock { $0 = true }
        return false
    }
}
