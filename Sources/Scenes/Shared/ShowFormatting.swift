import Domain

/// Formatting shared by the TV scenes' Presenters (the only place that formats).
enum ShowFormatting {
    /// The placeholder for a missing value.
    static let missing = "—"

    /// A show's years: `2011–2019`, `2014–` while running, `2013` for one year, `—` unknown.
    static func years(_ show: TVShow) -> String {
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
    static func rating(_ value: Double?) -> String {
        guard let value else { return missing }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// A show's name, or `(untitled)` for an empty one.
    static func name(_ show: TVShow) -> (text: String, isPlaceholder: Bool) {
        let trimmed = show.name.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? ("(untitled)", true) : (show.name, false)
    }

    /// Where data came from, as the status bar says it.
    static func source(_ source: DataSource) -> String {
        switch source {
        case .live(let provider):
            return "\(provider) live"
        case .embeddedSnapshot(_, let day):
            return day.map { "offline snapshot \($0)" } ?? "offline snapshot"
        case .snapshotFile(let path):
            let name = path.split(separator: "/").last.map(String.init) ?? path
            return "snapshot file \(name)"
        }
    }

    /// The credit the data's terms ask for, by source: TMDB's notice for TMDB
    /// (https://www.themoviedb.org/api-terms-of-use), else TVmaze's CC BY-SA credit (TVmaze
    /// live and the snapshots, which hold TVmaze data).
    static func credit(for source: DataSource?) -> String {
        if case .live(let provider)? = source, provider == "TMDB" { return tmdbCredit }
        return tvmazeCredit
    }

    /// `Data from TVmaze.com (CC BY-SA 4.0)`.
    static let tvmazeCredit = "Data from TVmaze.com (CC BY-SA 4.0)"
    /// TMDB's required notice, with the source named.
    static let tmdbCredit = "Data from TMDB (themoviedb.org). This product uses the TMDB API but is not endorsed or certified by TMDB."

    /// A source error in words: what failed and why.
    static func error(_ error: SourceError) -> String {
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
        }
    }
}

import Foundation
