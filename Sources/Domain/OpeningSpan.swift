/// A span of opening time that starts on one day: minutes after that day's midnight.
public struct OpeningSpan: Sendable, Hashable {
    /// The start, 0…1439 minutes after the day's midnight.
    public let start: Int
    /// The end, start+1…2880: past 1440 the span runs past midnight into the next day
    /// (`18:00-02:00` ends at 1560). Equal to `start` only for an open end with no end time.
    public let end: Int
    /// True for an open end (`15:00+`, `11:00-23:00+`): the place may stay open after `end`,
    /// for how long the hours do not say.
    public let openEnd: Bool

    /// Makes a span; see each property for its units.
    public init(start: Int, end: Int, openEnd: Bool = false) {
        self.start = start
        self.end = end
        self.openEnd = openEnd
    }
}
