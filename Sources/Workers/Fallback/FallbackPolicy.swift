/// What giving way to the source behind does to the later requests through a `FallbackSwitch`:
/// the two policies of every fallback, named once.
public enum FallbackPolicy: String, Sendable, CaseIterable {
    /// The live source is given up for every later request through the switch, until
    /// `FallbackSwitch.retry()`, so that a person offline waits once, not at every screen: the
    /// lists, details, episodes, schedules, searches and places.
    case untilRetry = "until retry"
    /// Each request asks the live source again, and a failure gives way for that request alone:
    /// a city search, which a person asks for each time.
    case eachRequest = "each request"

    /// The policy of a kind of request.
    /// - Parameter kind: what the request asks for.
    public static func of(_ kind: RequestKind) -> FallbackPolicy {
        kind == .cities ? .eachRequest : .untilRetry
    }
}
