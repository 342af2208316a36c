import Scenes

/// What a factory learns as it makes scenes: the Shows list made last (whose source says
/// whose ids the shows carry), and whether the first list has taken the command line's start.
@MainActor
final class MadeScenes {
    /// The Shows section's list.
    weak var showList: PopularListDataStore?
    /// True once a list has taken `AppDependencies.Shows.start`.
    var startTaken = false
    /// The Stats scenes' reader, made with the first of them or the first read ahead.
    var statsReader: StatsAhead?
}
