import Domain

/// An episode's code on the command line, `S01E05` (`S00E02` for a special, kept under season
/// 0): read from `rate` and `watched --mark`, written in their lines.
enum EpisodeCode {
    /// The season and number of a code: `S`, the season (0–9999), `E`, the number (1–9999),
    /// in either case (`s1e5` is S01E05).
    /// - Parameter text: the word.
    /// - Returns: the episode, or nil when the word is not such a code.
    static func parse(_ text: String) -> SeasonAndNumber? {
        let upper = Array(text.uppercased())
        guard upper.first == "S", let e = upper.firstIndex(of: "E") else { return nil }
        let season = String(upper[1..<e]), number = String(upper[(e + 1)...])
        guard (1...4).contains(season.count), (1...4).contains(number.count),
            season.allSatisfy({ $0.isASCII && $0.isNumber }), number.allSatisfy({ $0.isASCII && $0.isNumber }),
            let s = Int(season), let n = Int(number), n >= 1
        else { return nil }
        return SeasonAndNumber(season: s, number: n)
    }

    /// True for a word meant as a code, right or wrong: `S` and a digit (`S01E`, `s1x2`).
    /// - Parameter text: the word.
    static func looksLikeOne(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        return scalars.count >= 2 && (scalars[0] == "S" || scalars[0] == "s") && ("0"..."9").contains(scalars[1])
    }

    /// The usage message for a word that is not a code.
    /// - Parameter text: the word.
    static func badCode(_ text: String) -> UsageError {
        UsageError(message: "'\(SettingsTable.shown(text))' is not an episode: write SxxEyy, for example S01E05 (S00E01 for the first special)")
    }

    /// `S01E05`: two digits at least for each.
    /// - Parameter episode: the season and number.
    static func text(_ episode: SeasonAndNumber) -> String {
        func pad(_ n: Int) -> String { n < 10 && n >= 0 ? "0\(n)" : String(n) }
        return "S\(pad(episode.season))E\(pad(episode.number))"
    }
}
