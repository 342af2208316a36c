import Domain
import FoundationEssentials

/// Keeps each provider within its published request rate: calls with the same key take turns
/// so that no more than `limit` start within any `window` (a sliding window).
///
/// A turn is reserved before the caller suspends, so calls that overlap still get turns that
/// keep the limit. A cancelled wait throws `CancellationError` at once; its turn stays used
/// (erring on the polite side).
///
/// The rules (`Rule.tvmaze`, `Rule.nominatim`) come from the providers' own documents.
public actor RequestPacer {
    /// At most `limit` calls starting within any `window`.
    public struct Rule: Sendable, Equatable {
        /// The most calls within a window (1 or more).
        public let limit: Int
        /// The window's length.
        public let window: Duration

        /// Makes a rule.
        /// - Parameters:
        ///   - limit: the most calls within a window (values below 1 read as 1).
        ///   - window: the window's length.
        public init(limit: Int, per window: Duration) {
            self.limit = max(1, limit)
            self.window = window
        }

        /// The rule with `margin` added to its window. A call's trip to the provider varies
        /// (the first sets up its connection, later ones may not), and the provider counts
        /// arrivals: calls paced to the published window alone were seen 21 within 10 s.
        /// - Parameter margin: the time added to the window.
        public func withMargin(_ margin: Duration) -> Rule { Rule(limit: limit, per: window + margin) }

        /// TVmaze: "at least 20 calls every 10 seconds per IP address"
        /// (https://www.tvmaze.com/api, Rate limiting), so at most 20 per 10 s.
        public static let tvmaze = Rule(limit: 20, per: .seconds(10))
        /// Nominatim's public instance: "an absolute maximum of 1 request per second"
        /// (https://operations.osmfoundation.org/policies/nominatim/).
        public static let nominatim = Rule(limit: 1, per: .seconds(1))
        /// FOSSGIS's public OSRM servers: at most one request a second
        /// (https://routing.openstreetmap.de/about.html).
        public static let osrm = Rule(limit: 1, per: .seconds(1))
    }

    private let rules: [String: Rule]
    private let clock: any WaitClock
    /// The start times of the latest turns for each key (at most `limit` of them), oldest first.
    private var turns: [String: [Duration]] = [:]

    /// Makes a pacer.
    /// - Parameters:
    ///   - rules: the rule for each key; a key without a rule is never held back.
    ///   - clock: the time source (tests pass a virtual clock).
    public init(rules: [String: Rule], clock: any WaitClock = SystemWaitClock()) {
        self.rules = rules
        self.clock = clock
    }

    /// Waits for the key's next turn.
    /// - Parameter key: the provider's name, for example `Nominatim`.
    /// - Returns: how long the caller waited.
    /// - Throws: `CancellationError` when the calling task is cancelled while waiting.
    @discardableResult
    public func waitForTurn(_ key: String) async throws -> Duration {
        let wait = reserveTurn(key)
        if wait > .zero { try await clock.sleep(for: wait) }
        return wait
    }

    /// Takes the key's next turn without waiting.
    /// - Parameter key: the provider's name.
    /// - Returns: how long until the turn starts (zero when it is now).
    public func reserveTurn(_ key: String) -> Duration {
        guard let rule = rules[key] else { return .zero }
        let now = clock.now
        var list = turns[key] ?? []
        var start = max(now, list.last ?? now)
        if list.count >= rule.limit {
            start = max(start, list[list.count - rule.limit] + rule.window)
        }
        list.append(start)
        if list.count > rule.limit { list.removeFirst(list.count - rule.limit) }
        turns[key] = list
        return start - now
    }
}
