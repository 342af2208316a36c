import CTerminalGuard

#if canImport(Glibc)
    import Glibc
#endif

/// Which characters the terminal can show.
public enum GlyphRepertoire: Sendable, Equatable {
    /// A UTF-8 locale: any printable Unicode character, measured with `wcwidth`.
    case unicode
    /// Anything else (`LC_ALL=C`, `--ascii`): printable ASCII only; the rest shows as `?`.
    case ascii
}
