/// How one show's progress is counted, a per-show setting kept with its marks: whether the
/// specials count towards it (off by default, as Trakt counts), and which episode is next.
public struct ShowWatchSettings: Sendable, Hashable {
    /// True when specials count towards progress (and the next episode may be one).
    public var countsSpecials: Bool
    /// Which episode comes next.
    public var order: WatchOrder

    /// The default: specials left out, `aired` order.
    public static let standard = ShowWatchSettings(countsSpecials: false, order: .aired)

    /// Makes settings.
    /// - Parameters:
    ///   - countsSpecials: whether specials count.
    ///   - order: which episode comes next.
    public init(countsSpecials: Bool, order: WatchOrder) {
        self.countsSpecials = countsSpecials
        self.order = order
    }

    /// `specials counted · order any`, or `specials not counted · order aired`.
    public var summary: String {
        (countsSpecials ? "specials counted" : "specials not counted") + " · order " + order.rawValue
    }
}
