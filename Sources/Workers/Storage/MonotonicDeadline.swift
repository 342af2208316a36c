#if canImport(Glibc)
    import Glibc
#endif

/// A moment on the monotonic clock (`CLOCK_MONOTONIC`, which setting the wall clock does not
/// move), by which a wait must end: one deadline is shared by every retry and busy wait of one
/// operation, so their sum cannot pass it.
struct MonotonicDeadline: Sendable, Equatable {
    /// Nanoseconds on the monotonic clock.
    let nanoseconds: UInt64

    /// The monotonic clock's present, in nanoseconds.
    static func nowNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    /// The deadline `milliseconds` from now (0 or less: now).
    /// - Parameter milliseconds: the wait allowed, in milliseconds.
    static func after(milliseconds: Int) -> MonotonicDeadline {
        MonotonicDeadline(nanoseconds: nowNanoseconds() + UInt64(max(0, milliseconds)) * 1_000_000)
    }

    /// Whole milliseconds left before the deadline, rounded up; 0 once it has passed.
    var remainingMilliseconds: Int {
        let now = Self.nowNanoseconds()
        return now >= nanoseconds ? 0 : Int((nanoseconds - now + 999_999) / 1_000_000)
    }

    /// True once the deadline has passed.
    var isPast: Bool { Self.nowNanoseconds() >= nanoseconds }

    /// Sleeps `milliseconds`, or less when the deadline comes first.
    /// - Parameter milliseconds: the longest sleep, in milliseconds.
    /// - Returns: false when the deadline had already passed (nothing slept).
    @discardableResult
    func sleep(upTo milliseconds: Int) -> Bool {
        let now = Self.nowNanoseconds()
        guard now < nanoseconds else { return false }
        let span = min(UInt64(max(0, milliseconds)) * 1_000_000, nanoseconds - now)
        var request = timespec(tv_sec: Int(span / 1_000_000_000), tv_nsec: Int(span % 1_000_000_000))
        var left = timespec()
        while nanosleep(&request, &left) != 0 && errno == EINTR { request = left }
        return true
    }
}
