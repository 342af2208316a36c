import Domain
import FoundationEssentials

/// Formatting shared by the TV scenes' Presenters (the only place that formats).
package enum ShowFormatting {
    /// The placeholder for a missing value.
    package static let missing = "—"

    /// A show's years: `2011–2019`, `2014–` while running, `2013` for one year, `—` unknown.
    /// The UTC day of a Unix time, `YYYY-MM-DD`.
    /// - Parameter seconds: seconds since 1970-01-01T00:00:00Z.
    static func day(ofUnixTime seconds: Int) -> String {
        CalendarDate.utcDay(ofUnixTime: seconds).description
    }

    package static func years(_ show: TVShow) -> String {
        guard let start = show.premiered?.year else { return missing }
        if let end = show.ended?.year {
            return end == start ? "\(start)" : "\(start)–\(end)"
        }
        if let status = show.status?.lowercased(), status == "ended" {
            return "\(start)"
        }
        return "\(start)–"
    }

    /// A rating with one decimal, `8.1`, or `—`.
    package static func rating(_ value: Double?) -> String {
        guard let value else { return missing }
        return DecimalText.fixed(value, decimals: 1)
    }

    /// The most characters of a name that is shown: more than any terminal line holds, so a
    /// row is cut to its column as before, while a name of megabytes (a hostile snapshot file
    /// or API answer) costs no more to measure, highlight, draw and keep than this.
    package static let longestName = 500

    /// The most Unicode scalars of a shown name: four per character of `longestName`, so that
    /// one character made of millions of combining marks is bounded too.
    package static let longestNameScalars = 4 * longestName

    /// A name as shown: cut to `longestName` characters (and `longestNameScalars` scalars),
    /// ending with `…` when cut; a name within both is returned as it is.
    /// - Parameter text: the name as the source gave it.
    package static func capped(_ text: String) -> String {
        // A character takes at least one byte: only a name of more bytes can be too long.
        guard text.utf8.count > longestName else { return text }
        var cut = false
        var bounded = text
        let scalars = text.unicodeScalars
        if let end = scalars.index(scalars.startIndex, offsetBy: longestNameScalars, limitedBy: scalars.endIndex), end < scalars.endIndex {
            bounded = String(scalars[..<end])
            cut = true
        }
        let kept = bounded.prefix(longestName)
        if kept.endIndex < bounded.endIndex {
            bounded = String(kept)
            cut = true
        }
        return cut ? bounded + "…" : text
    }

    /// A show's name (`capped`), or `(untitled)` for an empty one.
    package static func name(_ show: TVShow) -> (text: String, isPlaceholder: Bool) {
        let text = capped(show.name)
        let trimmed = text.trimming(.whitespacesAndNewlines)
        return trimmed.isEmpty ? ("(untitled)", true) : (text, false)
    }

    /// Where data came from, as the status bar says it, for example `TVmaze live` or
    /// `TVmaze · cached 3 h ago`.
    /// - Parameters:
    ///   - source: the source.
    ///   - now: the current Unix time in seconds, to say a cached copy's age.
    package static func source(_ source: DataSource, now: Int64) -> String {
        switch source {
        case .live(let provider):
            return "\(provider) live"
        case .cache(let provider, let savedAt):
            return "\(provider) · cached \(age(seconds: now - savedAt))"
        case .embeddedSnapshot(_, let day):
            return day.map { "offline snapshot \($0)" } ?? "offline snapshot"
        case .snapshotFile(let path):
            let name = path.split(separator: "/").last.map(String.init) ?? path
            return "snapshot file \(name)"
        case .mirror(let savedAt, let shows):
            return "TVmaze mirror \(CalendarDate.utcDay(ofUnixTime: Int(savedAt))) · \(CityPickerFormatter.grouped(shows)) shows"
        }
    }

    /// The credit the data's terms ask for: its provider's own (`ProviderName.credit`: TMDB's
    /// notice for TMDB, https://www.themoviedb.org/api-terms-of-use; TVmaze's CC BY-SA credit
    /// for TVmaze and the snapshots, which hold TVmaze data). Before any data has a source, the
    /// snapshot's, which every list starts from.
    package static func credit(for source: DataSource?) -> String {
        (source?.provider ?? .snapshot).credit
    }

    /// The credit of a page whose cast came from another provider (TMDB's credits recorded in
    /// the snapshot for a TVmaze show): both credits, the cast's named as such.
    /// - Parameters:
    ///   - source: where the page came from.
    ///   - castSource: where its cast came from, when not from `source`.
    package static func credit(for source: DataSource?, castSource: DataSource?) -> String {
        let own = credit(for: source)
        guard let castSource, castSource.provider != source?.provider else { return own }
        return own + " Cast: " + credit(for: castSource)
    }

    /// `Data from TVmaze.com (CC BY-SA 4.0)`: the credit shown before a scene's data has come.
    static let tvmazeCredit = ProviderName.tvmaze.credit
    /// TMDB's required notice, with the source named.
    static let tmdbCredit = ProviderName.tmdb.credit

    /// An age in words: `just now` (under a minute, or a clock set back), `5 min ago`,
    /// `3 h ago` (under two days), `4 d ago`.
    /// - Parameter seconds: the age in seconds.
    static func age(seconds: Int64) -> String {
        switch seconds {
        case ..<60: return "just now"
        case ..<3_600: return "\(seconds / 60) min ago"
        case ..<172_800: return "\(seconds / 3_600) h ago"
        default: return "\(seconds / 86_400) d ago"
        }
    }

    /// A wait in words: `8 s`, `2 min`.
    /// - Parameter seconds: the wait in seconds.
    static func wait(seconds: Int) -> String {
        seconds < 120 ? "\(seconds) s" : "\((seconds + 59) / 60) min"
    }

    /// A rate limit being waited out: `TVmaze is rate limiting: retrying in 8 s`.
    /// - Parameters:
    ///   - provider: the provider's name.
    ///   - seconds: the seconds left before the automatic retry.
    static func retrying(provider: ProviderName, inSeconds seconds: Int) -> String {
        "\(provider) is rate limiting: retrying in \(wait(seconds: seconds))"
    }

    /// A failure as every scene words it: a rate limit being counted down (`TVmaze is rate
    /// limiting: retrying in 8 s. Press r to retry now.`), else the error in words and how to
    /// ask again (`TVmaze is unreachable (timed out). Press r to retry.`).
    /// - Parameters:
    ///   - error: what failed.
    ///   - retryInSeconds: the seconds left before the automatic retry; nil when none waits.
    ///   - keyHints: false to leave out the `Press r …` hint (plain-text output has no keys).
    static func failure(_ error: SourceError, retryInSeconds: Int?, keyHints: Bool = true) -> String {
        if case .rateLimited(let provider, _) = error, let retryInSeconds {
            return retrying(provider: provider, inSeconds: retryInSeconds) + (keyHints ? ". Press r to retry now." : ".")
        }
        return self.error(error) + (keyHints ? ". Press r to retry." : ".")
    }

    /// A source error in words: what failed and why.
    package static func error(_ error: SourceError) -> String {
        switch error {
        case .unreachable(let provider, let reason):
            return "\(provider) is unreachable (\(reason))"
        case .httpStatus(let provider, let status, let message):
            return "\(provider) answered HTTP \(status): \(message)"
        case .rateLimited(let provider, let seconds):
            return seconds.map { "\(provider) is rate limiting (it asks to wait \($0) s)" } ?? "\(provider) is rate limiting"
        case .badData(let provider, let reason):
            return "\(provider) sent unreadable data: \(reason)"
        case .file(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .notFound(let provider):
            return "\(provider) does not know this show"
        case .noSchedule(let provider, let country, let date):
            return "\(provider) has no \(country.map { "schedule for \($0)" } ?? "streaming schedule") on \(date)"
        }
    }

    /// A source error in words with a key hint in one pair of parentheses: inside the error's
    /// own when it ends with one (`TVmaze is unreachable (host not found; r retries)`), else
    /// after it (`TMDB answered HTTP 500: Internal error (r retries)`).
    /// - Parameters:
    ///   - error: what failed.
    ///   - hint: the hint, for example `r retries`.
    package static func error(_ error: SourceError, hint: String) -> String {
        joined(self.error(error), hint: hint)
    }

    /// Text with a hint in one pair of parentheses: inside its last ones when it ends with a
    /// `)`, else in new ones after it.
    /// - Parameters:
    ///   - text: the text, for example `Overpass is unreachable (timed out)`.
    ///   - hint: the hint, for example `r retries`.
    package static func joined(_ text: String, hint: String) -> String {
        text.hasSuffix(")") ? String(text.dropLast()) + "; " + hint + ")" : text + " (" + hint + ")"
    }

    /// True for a refusal: a rejected key (HTTP 401) or a forbidden request (HTTP 403).
    static func isRefusal(_ error: SourceError) -> Bool {
        if case .httpStatus(_, let status, _) = error { return status == 401 || status == 403 }
        return false
    }

    /// The reasons in their order, refusals (a rejected key) moved first.
    package static func refusalsFirst(_ reasons: [SourceError]) -> [SourceError] {
        reasons.filter(isRefusal) + reasons.filter { !isRefusal($0) }
    }

    /// One error in two or three words, for a status bar that names several in 80 columns:
    /// `Geoapify key rejected` (HTTP 401), `Nominatim refused` (HTTP 403), `Overpass
    /// unreachable`, `TVmaze rate limited`, `TMDB HTTP 500`, `TVmaze bad data`.
    static func shortError(_ error: SourceError) -> String {
        switch error {
        case .unreachable(let provider, _):
            return "\(provider) unreachable"
        case .httpStatus(let provider, 401, _):
            return "\(provider) key rejected"
        case .httpStatus(let provider, 403, _):
            return "\(provider) refused"
        case .httpStatus(let provider, let status, _):
            return "\(provider) HTTP \(status)"
        case .rateLimited(let provider, _):
            return "\(provider) rate limited"
        case .badData(let provider, _):
            return "\(provider) bad data"
        case .file(let path, _):
            return "cannot read \(path)"
        case .notFound(let provider):
            return "\(provider) not found"
        case .noSchedule(let provider, _, _):
            return "\(provider) no schedule"
        }
    }

    /// Why the live sources were given up: one reason in full (`error(_:)`), several in few
    /// words each, in the order given, joined by ` · `, for example
    /// `Geoapify key rejected · Overpass unreachable` (44 cells: it fits an 80-column status
    /// bar beside the source and the position).
    /// - Parameters:
    ///   - reasons: the failures, in the order to name them.
    ///   - separator: between two reasons; `; ` on standard error, which is ASCII.
    package static func reasons(_ reasons: [SourceError], separator: String = " · ") -> String {
        guard reasons.count > 1 else { return reasons.first.map(error) ?? "" }
        return reasons.map(shortError).joined(separator: separator)
    }
}
