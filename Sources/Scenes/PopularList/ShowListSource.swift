import Domain

/// One list the scene can show (`switchList` goes from one to the next): where its shows
/// come from, and why its live source was given up.
package struct ShowListSource {
    /// The source of shows.
    package let worker: any TVShowsWorking
    /// Why each live source was given up, asked after the first page.
    package var fallbackReasons: @Sendable () async -> [SourceError] = { [] }

    /// Makes one from its parts (the memberwise initialiser, visible to the composition root).
    package init(worker: any TVShowsWorking, fallbackReasons: @escaping @Sendable () async -> [SourceError] = { [] }) {
        self.worker = worker
        self.fallbackReasons = fallbackReasons
    }
}
