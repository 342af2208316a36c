import Domain
import FoundationEssentials
import Scenes
import Terminal
import Workers

/// `discover-tui --check`: the settings in use and, for each source, whether it is configured and
/// whether it answers one small request; every request runs at once, each with a short timeout.
///
/// Keys are never printed: a configured key is `key set` and where it came from (an environment
/// variable, or the config file's path and line). The exit status is 0 when the sources the
/// settings use first (the default TV and places sources) answer, 1 otherwise.
enum SourceCheck {
    /// What a probe found.
    enum Outcome: Equatable, Sendable {
        /// The source answered, in milliseconds.
        case ok(milliseconds: Int)
        /// It did not: the cause, in words.
        case failed(String)
        /// It was not asked (no key, or no URL).
        case notChecked(String)
    }

    /// One source's line.
    struct Row: Equatable, Sendable {
        /// The provider, for example `TMDB`.
        let name: String
        /// Whether it is configured, for example `key set (env TMDB_API_KEY)` or `no key needed`.
        let configured: String
        /// True when the settings use this source first (its failure makes the check fail).
        let isDefault: Bool
        /// What the probe found.
        let outcome: Outcome
    }

    /// The check's result: its text and whether the default sources work.
    struct Report: Sendable {
        /// The text to print, lines ending in `\n`.
        let text: String
        /// The rows, in the printed order.
        let rows: [Row]
        /// True when every default source answered.
        var succeeded: Bool { rows.allSatisfy { !$0.isDefault || $0.outcome.isOK } }
    }

    /// Runs the check, prints the report to standard output and exits: 0 when the default
    /// sources work, 1 otherwise.
    /// - Parameters:
    ///   - options: the parsed settings.
    ///   - directories: the app's folders.
    ///   - configPath: the config file's path, if there is a config folder.
    ///   - config: the config file, when one was found.
    ///   - localeNotice: the line that says the locale asked for is not installed, or nil.
    static func run(options: AppOptions, directories: XDGDirectories, configPath: String?, config: ConfigFile?, localeNotice: String?) async -> Never {
        let result = await Caught.result {
            await report(options: options, directories: directories, configPath: configPath, config: config, localeNotice: localeNotice)
        }
        guard case .success(let report) = result else {
            DiscoverApp.fail("the check was interrupted", status: 1)
        }
        let text = CellText(repertoire: LocaleInfo.isUTF8 ? .unicode : .ascii)
        let lines = report.text.split(separator: "\n", omittingEmptySubsequences: false).map { text.sanitize(String($0)) }
        StandardStreams.output(lines.joined(separator: "\n"))
        ProcessExit.now(report.succeeded ? 0 : 1)
    }

    /// Checks every source at once.
    /// - Parameters:
    ///   - options: the parsed settings (sources, base URLs, keys).
    ///   - directories: the app's folders, to name them.
    ///   - configPath: the config file's path, if there is a config folder.
    ///   - config: the config file, when one was found.
    ///   - timeout: the longest wait for each request, in seconds (default 5).
    ///   - table: the providers: a row each with settings (the recorded ones are not asked).
    ///   - localeNotice: the line that says the locale asked for is not installed (its own
    ///     `Locale` line then says it), or nil for the character set in use.
    /// - Returns: the report.
    static func report(
        options: AppOptions, directories: XDGDirectories, configPath: String?, config: ConfigFile?, timeout: Double = 5,
        table: ProviderTable = .standard, localeNotice: String? = nil
    ) async -> Report {
        let http = CurlHTTPClient(timeout: timeout, authorities: options.authorities)
        // Offline, no source is asked: not one request leaves the machine.
        let offline = options.offline
        let tvFirst = TVComposition.liveSources(options, table: table).first
        let placesFirst = placesDefault(options, table: table)
        // Every provider with settings is asked at once, one probe each.
        let checked = table.rows.filter { $0.setup != nil }
        let outcomes = await withTaskGroup(of: (Int, Outcome).self) { group in
            for (index, row) in checked.enumerated() {
                guard let setup = row.setup else { continue }
                group.addTask {
                    guard let base = setup.baseURL(options) else { return (index, await probe(nil, offline: offline) { _ in }) }
                    guard let request = setup.probe(options, base, http) else { return (index, .notChecked("no key")) }
                    return (index, await probe(base, offline: offline) { _ in try await request() })
                }
            }
            var found: [Int: Outcome] = [:]
            for await (index, outcome) in group { found[index] = outcome }
            return found
        }
        let rows = checked.enumerated().map { index, row in
            Row(
                name: row.name.name, configured: row.setup?.configured(options) ?? "no key needed",
                isDefault: row.name == tvFirst || row.name == placesFirst, outcome: outcomes[index] ?? .notChecked("no URL"))
        }

        var out = "discover-tui \(AppIdentity.version) check\n\n"
        let configLine: String
        if let configPath {
            configLine = "\(configPath) (\(config == nil ? "not found" : "found"))"
        } else {
            configLine = "none (neither XDG_CONFIG_HOME nor HOME is an absolute path)"
        }
        out += "Config file   \(configLine)\n"
        out += "Data folder   \(directories.path(.data) ?? "none")\n"
        out += "Cache folder  \(directories.path(.cache) ?? "none")\n"
        out += "CA bundle     \(options.authorities.summary)\n"
        out += "Locale        \(localeNotice ?? "character set \(LocaleInfo.codeset)\(LocaleInfo.isUTF8 ? "" : ": text in ASCII")")\n"
        out += "TV source     \(options.source.rawValue)\(tvFirst.map { " (uses \($0) first)" } ?? " (offline snapshot)")\n"
        out += "Country       \(options.country) (\(options.countryOrigin)): Popular now on TVmaze lists the shows airing this week in \(options.country) and streaming\n"
        out += "Places source \(options.placesSource.rawValue)\(placesFirst.map { " (uses \($0) first)" } ?? " (offline snapshot)")\n\n"
        let nameWidth = 10, configuredWidth = max(26, rows.map(\.configured.count).max() ?? 0)
        func pad(_ s: String, _ width: Int) -> String { s + String(repeating: " ", count: max(1, width - s.count + 1)) }
        out += pad("Source", nameWidth) + pad("Configured", configuredWidth) + "Reachable\n"
        for row in rows {
            out += pad(row.name + (row.isDefault ? " *" : ""), nameWidth) + pad(row.configured, configuredWidth) + row.outcome.description + "\n"
        }
        let report = Report(text: out, rows: rows)
        out += "\n* used first by the current settings. "
        if offline {
            out += "Offline (--offline): no source was asked; exit 0.\n"
        } else {
            out += conclusion(rows) + "\n"
        }
        if offline || !report.succeeded {
            out += "Discover still runs on its offline snapshot: \(SnapshotAbout.summary()); discover-tui --about says what it holds.\n"
        }
        // A provider's notice, when the settings use it first or its key is set (TMDB's terms).
        for row in checked {
            guard let notice = row.notice, let setup = row.setup else { continue }
            let keyed = !setup.keySettings.isEmpty && setup.baseURL(options).flatMap { setup.probe(options, $0, http) } != nil
            if row.name == tvFirst || keyed { out += "\n\(notice)\n" }
        }
        return Report(text: out, rows: rows)
    }

    /// The check's last sentence: how many of the sources asked do not answer and which (`3 of
    /// 5 sources do not answer: TVmaze, Overpass, Nominatim`), whether the ones used first
    /// answer, and the exit status.
    /// - Parameter rows: the rows, in the printed order.
    /// - Returns: the sentence, for example `All 3 sources asked answer; exit 0.`
    static func conclusion(_ rows: [Row]) -> String {
        let asked = rows.filter { if case .notChecked = $0.outcome { return false } else { return true } }
        let failed = asked.filter { !$0.outcome.isOK }.map(\.name)
        let unasked = rows.compactMap { row -> String? in
            guard row.isDefault, case .notChecked(let why) = row.outcome else { return nil }
            return "\(row.name) was not asked (\(why))"
        }
        let succeeded = Report(text: "", rows: rows).succeeded
        let status = succeeded ? "exit 0." : "exit 1."
        var parts: [String] = []
        if asked.isEmpty {
            parts.append("No source was asked")
        } else if failed.isEmpty {
            parts.append(asked.count == 1 ? "The source asked answers" : "All \(asked.count) sources asked answer")
        } else {
            let verb = failed.count == 1 ? "does not answer" : "do not answer"
            parts.append("\(failed.count) of \(asked.count) \(asked.count == 1 ? "source" : "sources") \(verb): \(failed.joined(separator: ", "))")
            if succeeded { parts.append("the ones used first answer") }
        }
        parts += unasked
        return parts.joined(separator: "; ") + "; " + status
    }

    /// The places provider the settings use first, or nil for the snapshot: the first of
    /// `POIsComposition.liveSources` (a key counts only when the settings carry it).
    static func placesDefault(_ options: AppOptions, table: ProviderTable = .standard) -> ProviderName? {
        POIsComposition.liveSources(options, environment: [:], table: table).first?.name
    }

    /// Times one probe.
    private static func probe(_ base: URL?, offline: Bool = false, _ request: @Sendable (URL) async throws -> Void) async -> Outcome {
        if offline { return .notChecked("offline") }
        guard let base else { return .notChecked("no URL") }
        let clock = ContinuousClock()
        let start = clock.now
        do {
            try await request(base)
            let elapsed = clock.now - start
            let (seconds, attoseconds) = elapsed.components
            return .ok(milliseconds: Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
        } catch SourceError.notFound(let provider) {
            return .failed(ShowFormatting.error(ProviderResponse.wrongBaseURL(provider: provider)))
        } catch let error as SourceError {
            return .failed(ShowFormatting.error(error))
        } catch {
            return .failed("no answer")
        }
    }
}

extension SourceCheck.Outcome: CustomStringConvertible {
    /// `ok 182 ms`, `failed: TMDB answered HTTP 401: …`, `not checked (no key)`.
    var description: String {
        switch self {
        case .ok(let ms): return "ok \(ms) ms"
        case .failed(let reason): return "failed: \(reason)"
        case .notChecked(let reason): return "not checked (\(reason))"
        }
    }

    /// True for `.ok`.
    var isOK: Bool {
        if case .ok = self { return true }
        return false
    }
}
