import FoundationEssentials

/// What changed about a show between two answers of its next episode (the one kept in the
/// response cache and a fresh one): its next episode's day moved, or its status turned to
/// renewed, ended or cancelled.
public enum ShowChange: Sendable, Hashable {
    /// The same next episode now airs on another day: the episode as it was, and as it is.
    case nextEpisodeMoved(was: Episode, now: Episode)
    /// The show came back: its status turned to running (TVmaze `Running`, TMDB `Returning
    /// Series`) from undecided, ended or cancelled.
    case renewed
    /// Its status turned to `Ended`.
    case ended
    /// Its status turned to cancelled (TMDB `Canceled`).
    case cancelled

    /// How a provider's status word reads: running, undecided, ended or cancelled.
    enum StatusKind: Equatable {
        case running, undecided, ended, cancelled
    }

    /// The kind of a status word; nil for one not known.
    static func kind(_ status: String?) -> StatusKind? {
        switch status?.lowercased() {
        case "running"?, "returning series"?, "in production"?: return .running
        case "to be determined"?, "in development"?, "planned"?, "pilot"?: return .undecided
        case "ended"?: return .ended
        case "canceled"?, "cancelled"?: return .cancelled
        default: return nil
        }
    }

    /// The changes from one answer to the next: the day of the same next episode (the same
    /// id, or the same season and number), then the status. Nothing when either answer is
    /// missing (no kept answer yet: nothing to compare).
    /// - Parameters:
    ///   - kept: the answer kept from before.
    ///   - fresh: the new answer.
    /// - Returns: the changes, the move first.
    public static func between(kept: NextAndPreviousEpisode?, fresh: NextAndPreviousEpisode?) -> [ShowChange] {
        guard let kept, let fresh else { return [] }
        var changes: [ShowChange] = []
        if let was = kept.next, let now = fresh.next, was.id == now.id || (was.season == now.season && was.number != nil && was.number == now.number),
            day(was) != day(now), day(was) != nil, day(now) != nil
        {
            changes.append(.nextEpisodeMoved(was: was, now: now))
        }
        if let before = kind(kept.status), let after = kind(fresh.status), before != after {
            switch after {
            case .running: changes.append(.renewed)
            case .ended: changes.append(.ended)
            case .cancelled: changes.append(.cancelled)
            case .undecided: break
            }
        }
        return changes
    }

    /// The day an episode airs as its network dates it, else the UTC day of its instant.
    private static func day(_ episode: Episode) -> CalendarDate? {
        episode.airDate ?? episode.airstamp.map { CalendarDate.utcDay(ofUnixTime: Int($0.timeIntervalSince1970.rounded(.down))) }
    }
}
