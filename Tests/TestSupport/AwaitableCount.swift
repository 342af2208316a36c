import Synchronization

/// A count that a test can await: `reach(_:)` returns once the count has reached a number, so
/// that a test waits for an event (a request sent, a task cancelled) without polling.
public final class AwaitableCount: Sendable {
    private struct State {
        var count = 0
        var waiters: [(target: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }
    private let state = Mutex(State())

    /// Makes a count at zero.
    public init() {}

    /// The count.
    public var value: Int { state.withLock { $0.count } }

    /// Adds one, waking those waiting for the new count.
    public func increment() {
        let woken = state.withLock { s -> [CheckedContinuation<Void, Never>] in
            s.count += 1
            let count = s.count
            let ready = s.waiters.filter { $0.target <= count }.map(\.continuation)
            s.waiters.removeAll { $0.target <= count }
            return ready
        }
        for waiter in woken { waiter.resume() }
    }

    /// Waits until the count is at least a number.
    /// - Parameter target: the number.
    public func reach(_ target: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { s -> Bool in
                if s.count >= target { return true }
                s.waiters.append((target, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }
}

/// A point a scripted answer stops at until the test opens it: the test awaits `arrival()`,
/// looks at the state in between, then calls `open()`.
public final class Gate: Sendable {
    private let arrivals = AwaitableCount()
    private let state = Mutex((isOpen: false, waiters: [CheckedContinuation<Void, Never>]()))

    /// Makes a closed gate.
    public init() {}

    /// Arrives at the gate and waits until it is open.
    public func pass() async {
        arrivals.increment()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isOpen = state.withLock { s -> Bool in
                if s.isOpen { return true }
                s.waiters.append(continuation)
                return false
            }
            if isOpen { continuation.resume() }
        }
    }

    /// Waits until something has arrived at the gate.
    public func arrival() async {
        await arrivals.reach(1)
    }

    /// Opens the gate: those waiting at it go on, and later arrivals pass at once.
    public func open() {
        let waiters = state.withLock { s -> [CheckedContinuation<Void, Never>] in
            s.isOpen = true
            defer { s.waiters = [] }
            return s.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
