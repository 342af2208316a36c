import Domain

/// A fallback decorator: a `FallbackPair` (the live source, the one behind it, the switch)
/// behind one of Domain's Worker protocols. The four (`FallbackShowsWorker`,
/// `FallbackEpisodesWorker`, `FallbackPOIsWorker`, `FallbackCitySearch`) are made and read
/// the same way, here.
public protocol FallbackDecorator: Sendable {
    /// What the two sources are (a Domain Worker protocol).
    associatedtype Source: Sendable
    /// The live source, the one behind it and the switch on the live one.
    var pair: FallbackPair<Source> { get }
    /// Makes the decorator over a pair.
    /// - Parameter pair: the sources and the switch.
    init(pair: FallbackPair<Source>)
}

extension FallbackDecorator {
    /// Makes the decorator.
    /// - Parameters:
    ///   - primary: the live source.
    ///   - fallback: the source behind it (another live source, or a recording).
    ///   - fallbackSwitch: the switch on the live source (shared by every decorator over that
    ///     source); a new one when nil.
    public init(primary: Source, fallback: Source, fallbackSwitch: FallbackSwitch? = nil) {
        self.init(pair: FallbackPair(primary: primary, fallback: fallback, fallbackSwitch: fallbackSwitch))
    }

    /// The switch on the live source.
    public var fallbackSwitch: FallbackSwitch { pair.fallbackSwitch }

    /// Why the live source was given up, for the status bar; nil while it is used.
    public var fallbackReason: SourceError? {
        get async { await pair.fallbackSwitch.reason }
    }
}
