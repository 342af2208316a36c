/// Which episode comes next for a show, a per-show setting.
public enum WatchOrder: String, Sendable, Hashable, CaseIterable {
    /// The episode after the furthest one watched (the usual case: a gap is a skipped episode).
    case aired
    /// The first episode not watched, wherever it is (anthologies, shows watched out of order).
    case any
}
