/// Where the year's figures read what is known of a show: what the machine holds (the
/// snapshot built into the program, the answers kept from earlier live requests), never the
/// network, so that a year of hundreds of shows is counted in milliseconds and offline.
public protocol ShowFactsWorking: Sendable {
    /// What is known of a show.
    /// - Parameters:
    ///   - show: the show, by its provider's id.
    ///   - ratings: true when the source's episode ratings are wanted too (a whole list read,
    ///     slower than the outline that runtimes and air times need).
    /// - Returns: the facts; empty ones when nothing is known (never an error: what is
    ///   missing is counted and said).
    func facts(of show: WatchedShowID, ratings: Bool) async -> ShowFacts
}
