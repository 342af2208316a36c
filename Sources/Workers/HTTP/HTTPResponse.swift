import CCurlHTTP
import FoundationEssentials

/// An HTTP response: status code, headers (names lower-cased) and body bytes.
public struct HTTPResponse: Sendable {
    /// The HTTP status code, for example 200.
    public let status: Int
    /// Header fields, names lower-cased.
    public let headers: [String: String]
    /// The body bytes, possibly empty.
    public let body: Data

    /// Makes a response.
    /// - Parameters:
    ///   - status: the HTTP status code.
    ///   - headers: header fields; names are lower-cased here.
    ///   - body: the body bytes.
    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
        self.body = body
    }
}
