@preconcurrency import CNCursesW

#if canImport(Glibc)
    import Glibc
#endif

/// Facts about the process's locale, read after `setlocale(LC_ALL, "")`.
public enum LocaleInfo {
    /// The codeset of LC_CTYPE, for example `UTF-8` or `ANSI_X3.4-1968`.
    public static var codeset: String {
        dc_codeset().map { String(cString: $0) } ?? ""
    }

    /// True when LC_CTYPE's codeset is UTF-8, so Unicode can be drawn.
    public static var isUTF8: Bool {
        let normalized = codeset.uppercased().replacing("-", with: "")
        return normalized == "UTF8"
    }

    /// The locale the environment asks for the character set, as the C library reads it
    /// (POSIX.1-2017, 8.2): the first of `LC_ALL`, `LC_CTYPE` and `LANG` that is set and not
    /// empty.
    /// - Parameter environment: the environment.
    /// - Returns: the locale's name and the variable that named it; nil when none does.
    public static func requested(environment: [String: String]) -> (name: String, variable: String)? {
        for variable in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let name = environment[variable], !name.isEmpty { return (name, variable) }
        }
        return nil
    }

    /// True when the C library has the locale (`newlocale(3)` for its character set succeeds).
    /// - Parameter name: a locale's name, for example `en_US.UTF-8`.
    public static func isInstalled(_ name: String) -> Bool {
        guard let locale = newlocale(Int32(1) << LC_CTYPE, name, nil) else { return false }
        freelocale(locale)
        return true
    }

    /// The one line that says a locale asked for is not installed, so that the program draws in
    /// ASCII, and how to fix it: `the locale en_US.UTF-8 (LANG) is not installed, so text is
    /// in ASCII; install it (sudo locale-gen en_US.UTF-8, or dpkg-reconfigure locales) or use
    /// LANG=C.UTF-8`.
    /// - Parameters:
    ///   - environment: the environment (`requested(environment:)`).
    ///   - isUTF8: whether the character set in use is UTF-8 (then nothing is said).
    ///   - isInstalled: whether a locale exists (`isInstalled(_:)`; tests pass their own).
    /// - Returns: the line, without the program's name; nil when the locale asked for is in
    ///   use, is `C` or `POSIX`, or none is asked for.
    public static func missingLocaleNotice(
        environment: [String: String], isUTF8: Bool = LocaleInfo.isUTF8, isInstalled: (String) -> Bool = LocaleInfo.isInstalled
    ) -> String? {
        guard !isUTF8, let (name, variable) = requested(environment: environment), name != "C", name != "POSIX", !isInstalled(name) else {
            return nil
        }
        let shown = CellText(repertoire: .ascii).sanitize(name)
        return "the locale \(shown) (\(variable)) is not installed, so text is in ASCII; "
            + "install it (sudo locale-gen \(shown), or dpkg-reconfigure locales) or use \(variable)=C.UTF-8"
    }
}
