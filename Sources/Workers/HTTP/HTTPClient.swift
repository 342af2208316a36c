import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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

/// Why an HTTP request failed before a response arrived.
public enum HTTPError: Error, Sendable, Equatable {
    /// No answer within the time allowed, in seconds.
    case timedOut(seconds: Double)
    /// The connection could not be made or broke: a short description.
    case transport(String)
    /// The request was cancelled.
    case cancelled
}

/// Sends HTTP GET requests. One implementation talks to the network (`URLSessionHTTPClient`);
/// tests point it at a loopback server.
public protocol HTTPFetching: Sendable {
    /// Fetches a URL with GET.
    /// - Parameters:
    ///   - url: an absolute `http` or `https` URL.
    ///   - headers: extra request headers.
    /// - Returns: the response, whatever its status code.
    /// - Throws: `HTTPError` when no response arrived; `CancellationError` when the task was cancelled.
    func get(_ url: URL, headers: [String: String]) async throws -> HTTPResponse
}

/// The product's name and version as sent in `User-Agent` and printed by `--version`.
public enum AppIdentity {
    /// The program's name.
    public static let name = "discover"
    /// The version, semantic versioning.
    public static let version = "0.1.0"
    /// The `User-Agent` header value: `discover/0.1.0 (terminal browser for TV shows and places)`.
    public static let userAgent = "\(name)/\(version) (terminal browser for TV shows and places)"
}

/// `HTTPFetching` over Foundation's `URLSession`.
///
/// Sends `User-Agent: discover/<version>`, waits at most `timeout` seconds for each request
/// and maps failures to `HTTPError`.
public final class URLSessionHTTPClient: HTTPFetching, @unchecked Sendable {
    // URLSession is thread-safe; the class holds no other mutable state.
    private let session: URLSession
    private let timeout: Double

    /// Makes a client.
    /// - Parameter timeout: the longest wait for a whole request, in seconds (default 15).
    public init(timeout: Double = 15) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.httpAdditionalHeaders = ["User-Agent": AppIdentity.userAgent, "Accept": "application/json"]
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        self.session = URLSession(configuration: configuration)
        self.timeout = timeout
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// Fetches a URL with GET; see `HTTPFetching.get(_:headers:)`.
    public func get(_ url: URL, headers: [String: String]) async throws -> HTTPResponse {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "GET"
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        try Task.checkCancellation()
        do {
            let (data, response) = try await session.data(for: request)
            guard let http = response as? HTTPURLResponse else {
                throw HTTPError.transport("not an HTTP response")
            }
            var fields: [String: String] = [:]
            for (key, value) in http.allHeaderFields {
                if let k = key as? String, let v = value as? String { fields[k] = v }
            }
            return HTTPResponse(status: http.statusCode, headers: fields, body: data)
        } catch let error as HTTPError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch let error as URLError {
            if Task.isCancelled { throw CancellationError() }
            switch error.code {
            case .timedOut: throw HTTPError.timedOut(seconds: timeout)
            case .cancelled: throw HTTPError.cancelled
            default: throw HTTPError.transport(Self.describe(error))
            }
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw HTTPError.transport(String(describing: type(of: error)))
        }
    }

    /// A short, key-free description of a URL error (the URL itself is left out, since it may
    /// carry an API key in its query).
    static func describe(_ error: URLError) -> String {
        switch error.code {
        case .cannotFindHost, .dnsLookupFailed: return "host not found"
        case .cannotConnectToHost: return "connection refused"
        case .notConnectedToInternet: return "no network"
        case .networkConnectionLost: return "connection lost"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return "TLS failed"
        case .badServerResponse: return "bad server response"
        case .unsupportedURL, .badURL: return "bad URL"
        default: return "network error \(error.code.rawValue)"
        }
    }
}
