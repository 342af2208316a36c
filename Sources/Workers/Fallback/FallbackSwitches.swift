import Domain

/// The switches of one area (the TV sources, the places sources), outermost first: the
/// reasons they give for the status bar and a pipe's line, and one retry for all.
public struct FallbackSwitches: Sendable {
    /// The switches, outermost (tried first) first.
    public let all: [FallbackSwitch]

    /// Makes the set.
    /// - Parameter all: the switches, outermost first.
    public init(_ all: [FallbackSwitch] = []) {
        self.all = all
    }

    /// The switch on a provider's live source, if there is one.
    /// - Parameter provider: the name, for example `TVmaze`.
    public func on(_ provider: ProviderName) -> FallbackSwitch? {
        all.first { $0.provider == provider }
    }

    /// Why each live source was given up, outermost first; empty while all are used.
    public func reasons() async -> [SourceError] {
        var reasons: [SourceError] = []
        for one in all {
            if let reason = await one.reason { reasons.append(reason) }
        }
        return reasons
    }

    /// Uses every live source again from the next request.
    public func retry() async {
        for one in all { await one.retry() }
    }
}
