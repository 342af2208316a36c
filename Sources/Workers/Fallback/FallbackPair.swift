import Domain

/// A live source, the source behind it, and the switch on the live one: what every fallback
/// decorator (shows, episodes and schedules, places, city search) is made of, with the two ways
/// it asks — one answer (`ask`), or a stream of updates (`updates`) — both ruled by the switch.
public struct FallbackPair<Source: Sendable>: Sendable {
    /// The live source.
    let primary: Source
    /// The source behind it (another live source, or a recording).
    let fallback: Source
    /// The switch on the live source (shared by every decorator over that source).
    public let fallbackSwitch: FallbackSwitch

    /// Makes a pair.
    /// - Parameters:
    ///   - primary: the live source.
    ///   - fallback: the source behind it.
    ///   - fallbackSwitch: the switch on the live source; a new one when nil.
    public init(primary: Source, fallback: Source, fallbackSwitch: FallbackSwitch?) {
        self.primary = primary
        self.fallback = fallback
        self.fallbackSwitch = fallbackSwitch ?? FallbackSwitch(provider: .unnamed("live source"))
    }

    /// One answer: the live source's, or the fallback's once the switch gave way or when the
    /// live one fails and the rule gives way (`FallbackSwitch.route`).
    /// - Parameters:
    ///   - kind: what the request asks for.
    ///   - page: the page asked, from 0.
    ///   - question: asks a source.
    /// - Throws: as `FallbackSwitch.route`.
    func ask<T: Sendable>(_ kind: RequestKind, page: Int = 0, _ question: @escaping @Sendable (Source) async throws -> T) async throws -> T {
        let primary = self.primary, fallback = self.fallback
        return try await fallbackSwitch.route(
            kind, page: page, live: { try await question(primary) },
            recorded: { try await question(fallback) })
    }

    /// A stream of updates (a kept copy, then a fresh one) from the live source, or from the
    /// fallback once the switch gave way, or when the live one fails before yielding anything
    /// and the rule gives way. A failure after an update is passed on: the update on screen is
    /// the live source's, so the screen stays on it.
    /// - Parameters:
    ///   - kind: what the request asks for.
    ///   - page: the page asked, from 0.
    ///   - stream: a source's updates.
    func updates<T: Sendable>(
        _ kind: RequestKind, page: Int = 0,
        _ stream: @escaping @Sendable (Source) -> AsyncThrowingStream<T, any Error>
    ) -> AsyncThrowingStream<T, any Error> {
        let primary = self.primary, fallback = self.fallback, fallbackSwitch = self.fallbackSwitch
        return .producing { continuation in
            if await fallbackSwitch.usesRecording {
                for try await result in stream(fallback) { continuation.yield(result) }
                return
            }
            var yielded = false
            do {
                for try await result in stream(primary) {
                    continuation.yield(result)
                    // A kept copy is the live source's answer too: its ids are the live source's.
                    if !yielded { await fallbackSwitch.answered(kind, page: page) }
                    yielded = true
                }
            } catch let error as SourceError where !yielded {
                guard await fallbackSwitch.giveWay(after: error, for: kind, page: page) else { throw error }
                for try await result in stream(fallback) { continuation.yield(result) }
            }
        }
    }
}
