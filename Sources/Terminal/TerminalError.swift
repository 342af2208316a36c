@preconcurrency import CNCursesW
import CTerminalGuard
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Why the terminal could not be set up.
public enum TerminalError: Error, Sendable, Equatable {
    /// No terminal description works for `TERM` (the value, possibly empty), even after the
    /// fallbacks.
    case unknownTerminal(String)
    /// The terminal cannot address the cursor (for example `TERM=dumb`).
    case notCapable(String)
}
