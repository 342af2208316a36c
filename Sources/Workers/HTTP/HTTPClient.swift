import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
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
/// `ResilientHTTPClient` adds retries, backoff and pacing around another; tests point either at
/// a loopback server.
public protocol HTTPFetching: Sendable {
    /// Fetches a URL with GET.
    /// - Parameters:
    ///   - url: an absolute `http` or `https` URL.
    ///   - headers: extra request headers.
    /// - Returns: the response, whatever its status code.
    /// - Throws: `HTTPError` when no response arrived; `CancellationError` when the task was cancelled.
    func get(_ url: URL, headers: [String: String]) async throws -> HTTPResponse

    /// Fetches a URL with GET, giving up after at most `limitSeconds` in all.
    ///
    /// The default implementation ignores the limit and calls `get(_:headers:)`.
    /// - Parameters:
    ///   - url: an absolute `http` or `https` URL.
    ///   - headers: extra request headers.
    ///   - limitSeconds: the longest the whole request may take, in seconds; nil for the
    ///     client's own limit.
    /// - Returns: the response, whatever its status code.
    /// - Throws: `HTTPError.timedOut` past the limit; otherwise as `get(_:headers:)`.
    func get(_ url: URL, headers: [String: String], limitSeconds: Double?) async throws -> HTTPResponse
}

extension HTTPFetching {
    /// Ignores the limit; see `HTTPFetching.get(_:headers:limitSeconds:)`.
    public func get(_ url: URL, headers: [String: String], limitSeconds: Double?) async throws -> HTTPResponse {
        try await get(url, headers: headers)
    }
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
/// Sends `User-Agent: discover/<version>`, gives up when no byte arrives for `requestTimeout`
/// seconds (connecting, waiting for the first byte, or between two bytes: URLSession's
/// `timeoutIntervalForRequest`) or when the whole request takes longer than `resourceTimeout`
/// seconds (`timeoutIntervalForResource`, enforced here as well since a per-call limit may be
/// shorter), and maps failures to `HTTPError`. Cancelling the calling task cancels the request
/// at once.
public final class URLSessionHTTPClient: HTTPFetching, @unchecked Sendable {
    // URLSession is thread-safe; the class holds no other mutable state.
    private let session: URLSession
    /// The longest wait for a byte (connect, first byte, or between bytes), in seconds.
    public let requestTimeout: Double
    /// The longest a whole request may take, in seconds.
    public let resourceTimeout: Double

    /// Makes a client.
    /// - Parameters:
    ///   - requestTimeout: the longest wait for the connection, the first byte or the next
    ///     byte, in seconds (default 5; rounded up to whole seconds, at least 1, as URLSession on
    ///     Linux counts it in whole seconds).
    ///   - resourceTimeout: the longest a whole request may take, in seconds (default 15).
    public init(requestTimeout: Double = 5, resourceTimeout: Double = 15) {
        // URLSession on Linux keeps its timeouts in whole seconds (a fraction rounds down, and
        // 0 fires at once), so the byte wait is rounded up to a whole second.
        let request = max(1, (requestTimeout.isFinite ? requestTimeout : 5).rounded(.up))
        let resource = max(0.05, resourceTimeout.isFinite ? resourceTimeout : 15)
        let configuration = Self.configurationWithoutStorage()
        configuration.timeoutIntervalForRequest = request
        configuration.timeoutIntervalForResource = max(1, resource.rounded(.up))
        configuration.httpAdditionalHeaders = ["User-Agent": AppIdentity.userAgent, "Accept": "application/json"]
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        self.session = URLSession(configuration: configuration)
        self.requestTimeout = request
        self.resourceTimeout = resource
    }

    /// A session configuration with no URL cache, cookie storage or credential storage, made
    /// without creating any folder.
    ///
    /// On Linux (swift-corelibs-foundation), `URLSessionConfiguration.default` and `.ephemeral`
    /// both touch the shared storages: `URLCache.shared` (and `.ephemeral`'s own memory cache)
    /// create `$XDG_CACHE_HOME/org.swift.foundation.URLCache/<program>`, and
    /// `HTTPCookieStorage.shared` creates `$XDG_DATA_HOME/<folder holding the program>`, both
    /// mode 0755. So before the first configuration is made (`prepareSharedStorage`), the
    /// shared URL cache is replaced by one without a folder, and the shared cookie storage is
    /// made while `XDG_DATA_HOME` names a path under `/dev/null`, where no folder can be
    /// created; the configuration then drops all three storages.
    /// - Returns: `.default` with `urlCache`, `httpCookieStorage` and `urlCredentialStorage` nil.
    static func configurationWithoutStorage() -> URLSessionConfiguration {
        _ = prepareSharedStorage
        let configuration = URLSessionConfiguration.default
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.urlCredentialStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        return configuration
    }

    /// Runs once, the first time a client is made (a lazy static is initialised once, thread
    /// safely); see `configurationWithoutStorage()`. `DiscoverApp` makes it happen first thing,
    /// before any other thread runs, since it sets an environment variable for a moment.
    public static let prepareSharedStorage: Void = {
        // A disk path that cannot be a folder: URLCache keeps no disk copy then.
        URLCache.shared = URLCache(memoryCapacity: 0, diskCapacity: 0, diskPath: "/dev/null/discover-no-url-cache")
        let saved = getenv("XDG_DATA_HOME").map { String(cString: $0) }
        setenv("XDG_DATA_HOME", "/dev/null", 1)
        // Made now, it finds no folder it can create and keeps its cookies in memory only
        // (no cookie is ever given to it: the sessions have no cookie storage).
        _ = HTTPCookieStorage.shared
        if let saved { setenv("XDG_DATA_HOME", saved, 1) } else { unsetenv("XDG_DATA_HOME") }
    }()

    /// Makes a client whose byte wait and whole-request limit are both `timeout` seconds.
    /// - Parameter timeout: the limit, in seconds.
    public convenience init(timeout: Double) {
        self.init(requestTimeout: timeout, resourceTimeout: timeout)
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// Fetches a URL with GET; see `HTTPFetching.get(_:headers:)`.
    public func get(_ url: URL, headers: [String: String]) async throws -> HTTPResponse {
        try await get(url, headers: headers, limitSeconds: nil)
    }

    /// Fetches a URL with GET within `min(limitSeconds, resourceTimeout)` seconds; see
    /// `HTTPFetching.get(_:headers:limitSeconds:)`.
    public func get(_ url: URL, headers: [String: String], limitSeconds: Double?) async throws -> HTTPResponse {
        let limit = max(0.01, min(resourceTimeout, limitSeconds ?? resourceTimeout))
        // The byte wait in whole seconds (see init); the whole-request limit, which may hold a
        // fraction, is kept by `Flight.expire()`.
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: requestTimeout)
        request.httpMethod = "GET"
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        try Task.checkCancellation()
        let flight = Flight()
        let outcome: Result<(Data, URLResponse), Error> = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<(Data, URLResponse), Error>, Never>) in
                let task = session.dataTask(with: request) { data, response, error in
                    if let error {
                        flight.finish(continuation, .failure(error))
                    } else if let response {
                        flight.finish(continuation, .success((data ?? Data(), response)))
                    } else {
                        flight.finish(continuation, .failure(HTTPError.transport("no response")))
                    }
                }
                flight.start(task)
                // The whole-request limit: URLSession's resource timeout is per session, and a
                // call may be given less than that.
                DispatchQueue.global().asyncAfter(deadline: .now() + limit) { flight.expire() }
            }
        } onCancel: {
            flight.cancel()
        }
        switch outcome {
        case .success(let (data, response)):
            guard let http = response as? HTTPURLResponse else {
                throw HTTPError.transport("not an HTTP response")
            }
            var fields: [String: String] = [:]
            for (key, value) in http.allHeaderFields {
                if let k = key as? String, let v = value as? String { fields[k] = v }
            }
            return HTTPResponse(status: http.statusCode, headers: fields, body: data)
        case .failure(let error):
            if flight.wasCancelled || Task.isCancelled { throw CancellationError() }
            if flight.hasExpired { throw HTTPError.timedOut(seconds: limit) }
            if let error = error as? HTTPError { throw error }
            if let error = error as? URLError {
                switch error.code {
                case .timedOut: throw HTTPError.timedOut(seconds: requestTimeout)
                case .cancelled: throw HTTPError.cancelled
                default: throw HTTPError.transport(Self.describe(error))
                }
            }
            throw HTTPError.transport(String(describing: type(of: error)))
        }
    }

    /// A short, key-free description of a URL error in words (the URL itself is left out,
    /// since it may carry an API key in its query).
    ///
    /// On Linux, URLSession reports a libcurl failure it has no code for as `URLError.unknown`
    /// (-1) with curl's message as the description; a body cut short of its `Content-Length`
    /// is such a case (curl: "transfer closed with N bytes remaining to read", CURLE_PARTIAL_FILE,
    /// https://curl.se/libcurl/c/libcurl-errors.html).
    /// - Parameter error: the error from URLSession.
    /// - Returns: for example `connection refused`, `the answer broke off`.
    static func describe(_ error: URLError) -> String {
        switch error.code {
        case .cannotFindHost, .dnsLookupFailed: return "host not found"
        case .cannotConnectToHost: return "connection refused"
        case .notConnectedToInternet, .internationalRoamingOff, .callIsActive, .dataNotAllowed: return "no network"
        case .networkConnectionLost: return "connection lost"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot,
             .clientCertificateRejected, .clientCertificateRequired:
            return "TLS failed"
        case .badServerResponse, .cannotParseResponse: return "bad server response"
        case .unsupportedURL, .badURL: return "bad URL"
        case .zeroByteResource: return "an empty answer"
        case .httpTooManyRedirects: return "too many redirects"
        case .redirectToNonExistentLocation: return "a redirect to nowhere"
        case .cannotDecodeRawData, .cannotDecodeContentData: return "an answer that could not be decoded"
        case .dataLengthExceedsMaximum: return "an answer too large"
        case .userAuthenticationRequired, .userCancelledAuthentication: return "authentication required"
        case .resourceUnavailable, .fileDoesNotExist, .fileIsDirectory, .noPermissionsToReadFile: return "nothing to read there"
        case .appTransportSecurityRequiresSecureConnection: return "a secure connection is required"
        case .cannotLoadFromNetwork: return "cannot load from the network"
        case .unknown:
            let said = (error as NSError).localizedDescription.lowercased()
            if said.contains("transfer closed") || said.contains("remaining to read") || said.contains("partial") {
                return "the answer broke off"
            }
            return "the connection failed"
        default: return "the connection failed (URL error \(error.code.rawValue))"
        }
    }
}

/// One request in flight: its task, whether it was cancelled or ran out of time, and the
/// continuation resumed exactly once.
private final class Flight: @unchecked Sendable {
    // Every field is read and written under `lock`.
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var cancelled = false
    private var expired = false
    private var finished = false

    /// True when the calling task was cancelled.
    var wasCancelled: Bool { lock.withLock { cancelled } }
    /// True when the whole-request limit passed first.
    var hasExpired: Bool { lock.withLock { expired } }

    /// Starts the task, or cancels it at once when the caller was cancelled already.
    func start(_ task: URLSessionDataTask) {
        let stopNow = lock.withLock { () -> Bool in
            self.task = task
            return cancelled || expired
        }
        task.resume()
        if stopNow { task.cancel() }
    }

    /// The caller was cancelled: stops the request.
    func cancel() {
        let task = lock.withLock { () -> URLSessionDataTask? in
            cancelled = true
            return finished ? nil : self.task
        }
        task?.cancel()
    }

    /// The whole-request limit passed: stops the request unless it has finished.
    func expire() {
        let task = lock.withLock { () -> URLSessionDataTask? in
            guard !finished else { return nil }
            expired = true
            return self.task
        }
        task?.cancel()
    }

    /// Resumes the continuation the first time only.
    func finish<T>(_ continuation: CheckedContinuation<T, Never>, _ value: sending T) {
        let first = lock.withLock { () -> Bool in
            guard !finished else { return false }
            finished = true
            return true
        }
        if first { continuation.resume(returning: value) }
    }
}
