@preconcurrency import CNCursesW

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
}
