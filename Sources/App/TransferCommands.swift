@preconcurrency import Dispatch
import Domain
import FoundationEssentials
import Terminal
import Workers

#if canImport(Glibc)
    import Glibc
#endif

/// `discover-tui import FORMAT FILE…` and `discover-tui export --json|--csv`: the person's
/// favourites, watched episodes (with plays), ratings and shows' settings from other services'
/// export files, and out again in the documented format (docs/history-format.md). With
/// `--offline` an import asks TVmaze nothing (rows it would need to look up are unmatched).
///
/// Import reads every file first (a bad one stops it with one line, nothing written), maps the
/// rows to TVmaze (`ShowMatcher`, progress on standard error, Ctrl-C stops and a rerun goes on),
/// prints the summary, writes the unmatched and ambiguous rows to a file, then: with
/// `--apply` adds what is missing; on a terminal asks first; in a pipe writes nothing (a dry
/// run; the unmatched rows are written to a file only with `--apply` or `--unmatched FILE`).
/// Exit status: 0 done, 1 a file or the store failed, 2 a usage error, 3 TVmaze could not be
/// asked (the finished lookups kept), 130 stopped.
enum TransferCommands {
    /// The stores the commands read and write: `watched.sqlite3` and `favorites.json` in the
    /// app's data folder. An older `history.json` there is imported into them first, once (a
    /// line on standard error says so; one that cannot be imported is left and named).
    /// A data folder not made yet is made only when something is added (a dry run makes none).
    static func openStore(_ directories: XDGDirectories, text: CellText) throws -> any HistoryImporting {
        if let path = directories.path(.data), access(path, F_OK) != 0 { return StoreHistory(directory: path) }
        let store = StoreHistory(directory: try directories.ensure(.data))
        do {
            if let notice = try store.adoptOlderFile() { StandardStreams.error(line: text.sanitize(notice)) }
        } catch {
            StandardStreams.error(line: text.sanitize("\(FailureLine.of(error)); \(HistoryFile.fileName) is left as it is and not read"))
        }
        return store
    }

    /// Runs `import` or `export` and ends the process.
    /// - Parameters:
    ///   - word: `import` or `export`.
    ///   - arguments: the words after it.
    ///   - environment: the environment (`DISCOVER_TVMAZE_URL`, the XDG folders).
    ///   - directories: the app's folders.
    @MainActor
    static func run(_ word: String, _ arguments: [String], environment: [String: String], directories: XDGDirectories) async -> Never {
        let text = CellText(repertoire: LocaleInfo.isUTF8 ? .unicode : .ascii)
        func usage(_ message: String) -> Never {
            DiscoverApp.fail(text.sanitize(message) + "\nTry 'discover-tui help \(word)'.", status: 2)
        }
        if arguments.contains("--help") || arguments.contains("-h") {
            StandardStreams.output(HelpText.commandHelp(word) + "\n")
            ProcessExit.now(0)
        }
        let store: any HistoryImporting
        do {
            store = try openStore(directories, text: text)
        } catch {
            DiscoverApp.fail(text.sanitize("cannot open the data folder: \(FailureLine.of(error))"), status: 1)
        }
        if word == "export" { runExport(arguments, store: store, directories: directories, text: text, usage: usage) }
        var words = arguments[...]
        var apply = false
        var offline = false
        var problemsPath: String?
        var base = environment["DISCOVER_TVMAZE_URL"].flatMap { URL(string: $0) } ?? URL(string: "https://api.tvmaze.com")
        var operands: [String] = []
        while let next = words.popFirst() {
            switch next {
            case "--apply": apply = true
            case "--offline": offline = true
            case "--unmatched":
                guard let path = words.popFirst(), !path.isEmpty else { usage("--unmatched needs a file path") }
                problemsPath = path
            case "--api-base":
                guard let value = words.popFirst(), let url = URL(string: value), url.scheme == "http" || url.scheme == "https" else {
                    usage("--api-base needs an http or https URL")
                }
                base = url
            case "--": operands += words; words = []
            default:
                if next.hasPrefix("-") && next != "-" { usage("unknown option '\(next)' of import") }
                operands.append(next)
            }
        }
        let names = ImportFormat.allCases.map(\.rawValue).joined(separator: ", ")
        guard let formatWord = operands.first else { usage("import needs a format (\(names)) and one or more files") }
        guard let format = ImportFormat(rawValue: formatWord.lowercased()) else {
            usage("'\(formatWord)' is not an import format; the formats are \(names)")
        }
        let files = Array(operands.dropFirst())
        guard !files.isEmpty, let base else { usage("import \(format.rawValue) needs one or more export files") }
        let batch: ImportRows
        do {
            batch = try format.rows(files)
        } catch {
            DiscoverApp.fail(text.sanitize("\(FailureLine.of(error)); nothing was imported"), status: 1)
        }
        let plan = await match(batch, format: format, store: store, base: base, offline: offline, environment: environment, directories: directories, text: text)
        for line in plan.summary + Self.offlineLines(plan.problems, files: operands) { StandardStreams.output(text.sanitize(line) + "\n") }
        // The unmatched rows go to a file only when the import writes (--apply, or a yes) or
        // when --unmatched names one: a dry run writes nothing anywhere.
        func writeProblems(_ writes: Bool) {
            guard !plan.problems.isEmpty else { return }
            guard writes || problemsPath != nil else {
                StandardStreams.output(
                    "the \(plan.problems.count) unmatched and ambiguous rows are not written: add --unmatched FILE to list them in a file\n")
                return
            }
            let path = problemsPath ?? "discover-import-unmatched.csv"
            do {
                try DiscoverHistoryFormat.problemsCSV(plan.problems).write(to: URL(fileURLWithPath: path), options: .atomic)
                StandardStreams.output(
                    text.sanitize(
                        "the \(plan.problems.count) unmatched and ambiguous rows are in \(path): "
                            + "fill in a show's tvmaze id (or the season and number) and run: discover-tui import discover \(path)") + "\n")
            } catch {
                StandardStreams.error(line: text.sanitize("cannot write the unmatched rows to \(path)"))
            }
        }
        guard plan.additionCount > 0 else {
            writeProblems(apply)
            StandardStreams.output("nothing to add\n")
            ProcessExit.now(0)
        }
        if !apply {
            guard isatty(STDIN_FILENO) == 1 && isatty(STDERR_FILENO) == 1 else {
                writeProblems(false)
                StandardStreams.output("dry run: nothing written; run again with --apply to add them\n")
                ProcessExit.now(0)
            }
            _ = StandardStreams.write("Add them? [y/N] ", to: STDERR_FILENO)
            let answer = readLine(strippingNewline: true)?.lowercased() ?? ""
            guard answer == "y" || answer == "yes" else {
                writeProblems(false)
                StandardStreams.output("nothing written\n")
                ProcessExit.now(0)
            }
        }
        do {
            _ = try directories.ensure(.data)
            try store.add(plan.additions)
        } catch {
            DiscoverApp.fail(text.sanitize(FailureLine.of(error)), status: 1)
        }
        writeProblems(true)
        var added =
            "added \(ImportProgress.grouped(plan.additions.favourites.count)) favourites and "
            + "\(ImportProgress.grouped(plan.additions.marks.count)) watched episodes"
        if plan.ratingCount > 0 { added += ", \(ImportProgress.grouped(plan.ratingCount)) ratings" }
        if plan.settingsCount > 0 { added += ", \(ImportProgress.grouped(plan.settingsCount)) shows' settings" }
        StandardStreams.output(added + "\n")
        ProcessExit.now(0)
    }
}
