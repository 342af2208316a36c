/// Shows seen earlier from a live source and kept on disk, searched offline below a
/// snapshot's own matches.
public protocol KeptShowsSearching: Sendable {
    /// Every kept show whose ids belong to the list's provider, one per id. The first call may
    /// read files (call it off the main actor); later calls answer from memory.
    /// - Returns: the shows; empty when nothing is kept or the store cannot be read.
    func keptShows() async -> [TVShow]
}
