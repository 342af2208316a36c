import Domain
import FoundationEssentials
import Scenes
import Terminal

/// What the listing commands (`tonight`, `upcoming`, `premieres`, `upcoming --new`) share:
/// the `--short` line, and how they end. One rule for the exit status: 0 when something was
/// found; 1 when every source was asked and nothing was found; 3 when a source could not be
/// asked (nothing found, or the finding cannot be trusted whole). Status 1 and 3 always say
/// why in a sentence on standard error.
enum ScheduleOutcome {
    /// The exit status when a source could not be asked.
    static let couldNotAskStatus: Int32 = 3

    /// One `--short` line: `2024-01-01 06:00  The Tourist  S02E01 ‘Episode 1’  BBC iPlayer`,
    /// the day and time in the viewer's zone (`YYYY-MM-DD --:--` when only the day is known,
    /// `----------` for no day), two spaces between the fields, an unnumbered special as
    /// `SxxE00`, no network part when none is known; every outside string sanitised.
    /// - Parameters:
    ///   - episode: the episode.
    ///   - airstamp: its instant, when the schedule gives its own (else the episode's).
    ///   - show: the show's name.
    ///   - network: the network or streaming service, if known.
    ///   - viewer: the viewer's wall time of an instant.
    ///   - text: the sanitiser of the output's repertoire.
    /// - Returns: the line, with its line feed.
    static func shortLine(
        _ episode: Episode, airstamp: Date? = nil, show: String, network: String?, viewer: (Date) -> LocalWallTime?, text: CellText
    ) -> String {
        let when: String
        if let stamp = airstamp ?? episode.airstamp, let wall = viewer(stamp) {
            when = wall.date.description + " " + wall.time
        } else {
            when = (episode.airDate?.description ?? "----------") + " --:--"
        }
        let name = show.isEmpty ? ShowFormatting.missing : show
        // An unnumbered special keeps the line's shape: `S08E00`.
        let code = episode.number == nil ? Episode(id: episode.id, season: episode.season, number: 0, name: "").code : episode.code
        var fields = [when, name, code + " ‘" + EpisodeText.title(episode) + "’"]
        if let network, !network.isEmpty { fields.append(network) }
        return fields.map { text.sanitize($0) }.joined(separator: "  ") + "\n"
    }

    /// The exit status and the sentence for standard error of a command that asked: 0 and
    /// none when `found`; else 3 with `couldNotAsk` when a source could not be asked, 1 with
    /// `nothing` otherwise.
    /// - Parameters:
    ///   - found: whether something was found.
    ///   - couldNotAsk: why a source could not be asked, when one could not.
    ///   - nothing: the sentence for nothing found after asking.
    static func decide(found: Bool, couldNotAsk: String?, nothing: String) -> (status: Int32, sentence: String?) {
        if found { return (0, nil) }
        if let couldNotAsk { return (couldNotAskStatus, couldNotAsk) }
        return (1, nothing)
    }

    /// Ends a command that asked as `decide` says, the sentence (ASCII-sanitised) on standard
    /// error; the output is written before.
    /// - Parameters: as `decide`'s.
    static func end(found: Bool, couldNotAsk: String?, nothing: @autoclosure () -> String) -> Never {
        let outcome = decide(found: found, couldNotAsk: couldNotAsk, nothing: found || couldNotAsk != nil ? "" : nothing())
        if let sentence = outcome.sentence { DiscoverApp.fail(CellText(repertoire: .ascii).sanitize(sentence), status: outcome.status) }
        ProcessExit.now(outcome.status)
    }
}
