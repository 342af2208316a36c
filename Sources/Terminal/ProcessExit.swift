#if canImport(Glibc)
    import Glibc
#endif

/// Ending the process while other threads may still be working.
public enum ProcessExit {
    /// Flushes the C standard streams and ends the process at once with `_exit`.
    ///
    /// `exit` would run static destructors while a Worker thread may still be decoding (for
    /// example the snapshot loading when a person quits within the first moment), and the
    /// runtime can crash under it. Everything that must reach the terminal has been written
    /// by then: curses output is flushed by `endwin`, the rest goes through `fflush`.
    /// - Parameter status: the exit status.
    public static func now(_ status: Int32) -> Never {
        fflush(nil)
        _exit(status)
    }
}
