import Domain
import FoundationEssentials

/// Builds percent-encoded query strings (RFC 3986 §3.4). Values keep only the unreserved
/// characters and those listed in `keep`; everything else (including `&`, `=`, `+`, space and
/// any non-ASCII) is percent-encoded as UTF-8.
enum QueryString {
    private static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    private static let hexDigits = Array("0123456789ABCDEF")

    /// One encoded value.
    static func encode(_ value: String, keep: String = "") -> String {
        let extra = Set(keep.utf8)
        var out = ""
        for byte in value.utf8 {
            if unreserved.contains(byte) || extra.contains(byte) {
                out.append(Character(Unicode.Scalar(byte)))
            } else {
                out.append("%")
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return out
    }

    /// `name=value&…` with each value encoded, keeping `keep` as is.
    static func make(_ pairs: [(String, String)], keep: String = "") -> String {
        pairs.map { "\($0.0)=\(encode($0.1, keep: keep))" }.joined(separator: "&")
    }

    /// A URL made of a base URL, a path appended to the base's own, and a query.
    /// - Throws: `SourceError.unreachable` when the parts do not make a URL.
    static func url(base: URL, path: String, query: String, provider: ProviderName) throws -> URL {
        var components = URLComponents(url: base, resolvingAgainstBaseURL: false)
        let prefix = components?.path ?? ""
        if !path.isEmpty {
            components?.path = (prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix) + "/" + path
        }
        components?.percentEncodedQuery = query
        guard let url = components?.url else {
            throw SourceError.unreachable(provider: provider, reason: "bad base URL")
        }
        return url
    }
}
