import Foundation
import Synchronization

/// A gate a `LoopbackHTTPServer` answer waits behind: the request is read and recorded at once,
/// the answer is sent only once the test opens the gate (a state it has seen, not a moment).
public final class ResponseGate: Sendable {
    private let opened = Mutex(false)

    /// Makes a closed gate.
    public init() {}

    /// Lets the held answers go.
    public func open() {
        opened.withLock { $0 = true }
    }

    /// True once `open()` was called.
    public var isOpen: Bool {
        opened.withLock { $0 }
    }
}
