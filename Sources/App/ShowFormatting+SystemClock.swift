import Domain
import FoundationEssentials
import Scenes

extension ShowFormatting {
    /// Where data came from, as the command-line output says it, a cached copy's age counted
    /// from the system clock (the composition root's; Presenters are given their clock).
    /// - Parameter source: the source.
    /// - Returns: for example `TVmaze live` or `TVmaze · cached 3 h ago`.
    static func source(_ source: DataSource) -> String {
        self.source(source, now: Int64(Date().timeIntervalSince1970))
    }
}
