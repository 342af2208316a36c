import FoundationEssentials

/// The proxy libcurl goes through for a URL, read from the environment as libcurl reads it
/// (curl 7.88, `lib/url.c`, `detect_proxy` and `check_noproxy`), so that a failure to reach
/// the proxy names the proxy rather than the service behind it.
///
/// `http_proxy` (lower case only) for `http` URLs; `https_proxy`, else `HTTPS_PROXY`, for
/// `https`; else `all_proxy` or `ALL_PROXY`; none when the host is in `no_proxy` (or
/// `NO_PROXY`): `*`, a host name, or a domain (with or without its leading dot), separated by
/// commas or blanks, compared without case.
public enum ProxyEnvironment {
    /// The proxy for a URL, as `host:port` (no scheme, no user name or password: never shown).
    /// - Parameters:
    ///   - url: the request URL.
    ///   - environment: the process's environment.
    /// - Returns: for example `127.0.0.1:3128`; nil when no proxy applies. A proxy without a
    ///   port is on libcurl's default port: 1080, or 443 for an `https://` proxy.
    public static func proxy(for url: URL, environment: [String: String]) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        func value(_ names: String...) -> String? {
            names.lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        }
        if let exempt = value("no_proxy", "NO_PROXY"), isExempt(host: host, by: exempt) { return nil }
        let chosen =
            (scheme == "http" ? value("http_proxy") : value("\(scheme)_proxy", "\(scheme.uppercased())_PROXY"))
            ?? value("all_proxy", "ALL_PROXY")
        return chosen.flatMap(hostAndPort)
    }

    /// True when `no_proxy` exempts a host.
    static func isExempt(host: String, by list: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        for item in list.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }) {
            var entry = item.lowercased()
            if entry == "*" { return true }
            if entry.hasPrefix(".") { entry.removeFirst() }
            if entry.hasPrefix("[") && entry.hasSuffix("]") { entry = String(entry.dropFirst().dropLast()) }
            guard !entry.isEmpty else { continue }
            if bare == entry || bare.hasSuffix("." + entry) { return true }
        }
        return false
    }

    /// `host:port` of a proxy setting such as `http://user:secret@proxy.example:3128/`.
    static func hostAndPort(_ setting: String) -> String? {
        var rest = Substring(setting.trimming(.whitespaces))
        var defaultPort = "1080"
        if let marker = rest.firstRange(of: "://") {
            if rest[..<marker.lowerBound].lowercased() == "https" { defaultPort = "443" }
            rest = rest[marker.upperBound...]
        }
        if let slash = rest.firstIndex(of: "/") { rest = rest[..<slash] }
        if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        guard !rest.isEmpty else { return nil }
        // An IPv6 address is written in brackets: `[::1]:3128`.
        let hostEnd =
            rest.hasPrefix("[")
            ? rest.firstIndex(of: "]").map { rest.index(after: $0) } ?? rest.endIndex
            : rest.firstIndex(of: ":") ?? rest.endIndex
        let host = rest[..<hostEnd]
        let port = rest[hostEnd...].hasPrefix(":") ? rest[rest.index(after: hostEnd)...] : ""
        guard !host.isEmpty else { return nil }
        return "\(host):\(port.isEmpty ? Substring(defaultPort) : port)"
    }
}
