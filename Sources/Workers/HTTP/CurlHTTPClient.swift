import CCurlHTTP
import FoundationEssentials

/// `HTTPFetching` over libcurl (Debian's libcurl4, opened on the first request).
///
/// Sends `User-Agent: discover-tui/<version>` and `Accept: application/json`, follows redirects
/// (http and https only), gives up when no byte arrives for `requestTimeout` seconds
/// (connecting, waiting for the answer, or between two bytes: `CURLOPT_CONNECTTIMEOUT_MS`, then
/// the transfer's loop, which notes the time of every byte) or when the whole request takes
/// longer than its limit, checks servers' certificates against `authorities`, and maps
/// failures to `HTTPError` in words (`TransferErrorWords.swift`: the certificate's fault, the
/// CA bundle's, the proxy's, named as such). Each request runs on its own thread in
/// a `curl_multi` loop; cancelling the calling task wakes that loop and ends the request at once.
public final class CurlHTTPClient: HTTPFetching, Sendable {
    /// The longest wait for a byte (connect, first byte, or between bytes), in whole seconds.
    public let requestTimeout: Double
    /// The longest a whole request may take, in seconds.
    public let resourceTimeout: Double
    /// The most body bytes kept: a longer answer fails as "an answer too large" (64 MiB).
    public static let bodyLimit = 64 << 20
    /// The certificate authorities servers are checked against.
    public let authorities: CertificateAuthorities

    /// Makes a client.
    /// - Parameters:
    ///   - requestTimeout: the longest wait for the connection, the first byte or the next
    ///     byte, in seconds (default 5; rounded up to whole seconds, at least 1).
    ///   - resourceTimeout: the longest a whole request may take, in seconds (default 15).
    ///   - authorities: the certificate authorities to trust (default libcurl's own).
    public init(requestTimeout: Double = 5, resourceTimeout: Double = 15, authorities: CertificateAuthorities = .libcurlDefault) {
        self.requestTimeout = max(1, (requestTimeout.isFinite ? min(requestTimeout, 3600) : 5).rounded(.up))
        self.resourceTimeout = max(0.05, resourceTimeout.isFinite ? min(resourceTimeout, 86_400) : 15)
        self.authorities = authorities
    }

    /// Makes a client whose byte wait and whole-request limit are both `timeout` seconds.
    /// - Parameters:
    ///   - timeout: the limit, in seconds.
    ///   - authorities: the certificate authorities to trust (default libcurl's own).
    public convenience init(timeout: Double, authorities: CertificateAuthorities = .libcurlDefault) {
        self.init(requestTimeout: timeout, resourceTimeout: timeout, authorities: authorities)
    }

    /// Fetches a URL with GET; see `HTTPFetching.get(_:headers:)`.
    public func get(_ url: URL, headers: [String: String]) async throws -> HTTPResponse {
        try await get(url, headers: headers, limitSeconds: nil)
    }

    /// Fetches a URL with GET within `min(limitSeconds, resourceTimeout)` seconds; see
    /// `HTTPFetching.get(_:headers:limitSeconds:)`.
    public func get(_ url: URL, headers: [String: String], limitSeconds: Double?) async throws -> HTTPResponse {
        let limit = max(0.01, min(resourceTimeout, limitSeconds ?? resourceTimeout))
        try Task.checkCancellation()
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw HTTPError.transport("bad URL")
        }
        guard let handle = dc_http_new(url.absoluteString, Int(requestTimeout), Int((limit * 1000).rounded(.up))) else {
            throw HTTPError.transport(dc_http_unavailable().map { String(cString: $0) } ?? "out of memory")
        }
        let transfer = Transfer(handle)
        guard dc_http_set_trust(handle, authorities.file, authorities.directory) == 0 else {
            throw HTTPError.permanent("this libcurl cannot be given a CA bundle")
        }
        // The defaults, then the caller's fields (a caller's Accept replaces the default one).
        var fields = ["User-Agent": AppIdentity.userAgent, "Accept": "application/json"]
        for (name, value) in headers {
            if let same = fields.keys.first(where: { $0.lowercased() == name.lowercased() }) { fields[same] = nil }
            fields[name] = value
        }
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            // A field name or value with a line break would be a second header: dropped.
            guard !(name + value).contains(where: { $0 == "\r" || $0 == "\n" }) else { continue }
            guard dc_http_add_header(handle, "\(name): \(value)") == 0 else { throw HTTPError.transport("out of memory") }
        }
        let started: Bool = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let waiter = Unmanaged.passRetained(Waiter(continuation)).toOpaque()
                let rc = dc_http_start(
                    handle,
                    { context in
                        guard let context else { return }
                        Unmanaged<Waiter>.fromOpaque(context).takeRetainedValue().continuation.resume(returning: true)
                    }, waiter)
                if rc != 0 {
                    Unmanaged<Waiter>.fromOpaque(waiter).release()
                    continuation.resume(returning: false)
                }
            }
        } onCancel: {
            transfer.cancel()
        }
        guard started else { throw HTTPError.transport("cannot start a thread") }
        if dc_http_was_cancelled(handle) != 0 || Task.isCancelled { throw CancellationError() }
        if dc_http_has_expired(handle) != 0 { throw HTTPError.timedOut(seconds: limit) }
        let code = dc_http_result(handle)
        guard code == 0 else {
            if code == 28 { throw HTTPError.timedOut(seconds: requestTimeout) } // CURLE_OPERATION_TIMEDOUT
            if dc_http_too_large(handle) != 0 { throw HTTPError.transport("an answer too large") }
            let message = dc_http_message(handle).map { String(cString: $0) } ?? ""
            throw Self.error(
                for: Failure(
                    code: code, verifyResult: dc_http_verify_result(handle), message: message,
                    proxy: ProxyEnvironment.proxy(for: url, environment: ProcessInfo.processInfo.environment),
                    authorities: authorities))
        }
        var length = 0
        let body = dc_http_body(handle, &length).map { Data(bytes: $0, count: length) } ?? Data()
        let block = dc_http_headers(handle, &length).map { String(decoding: UnsafeRawBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
        return HTTPResponse(status: dc_http_status(handle), headers: Self.headerFields(block), body: body)
    }

    /// The header fields of one response's header lines: `Name: value` lines after the status
    /// line, names as sent (lower-cased by `HTTPResponse`), a repeated field joined with ", "
    /// (RFC 9110, section 5.3).
    /// - Parameter block: the lines, CRLF or LF separated.
    /// - Returns: the fields.
    static func headerFields(_ block: String) -> [String: String] {
        var fields: [String: String] = [:]
        var index: [String: String] = [:] // lower-cased name -> the name first seen
        for line in block.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = Self.trimmingBlanks(line[..<colon])
            let value = Self.trimmingBlanks(line[line.index(after: colon)...])
            guard !name.isEmpty else { continue }
            if let first = index[name.lowercased()], let existing = fields[first] {
                fields[first] = existing + ", " + value
            } else {
                index[name.lowercased()] = name
                fields[name] = value
            }
        }
        return fields
    }

    /// The text without the spaces and tabs around it (a header field's optional white space,
    /// RFC 9110, section 5.6.3).
    private static func trimmingBlanks(_ text: Substring) -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) }) else { return "" }
        return String(text[first...last])
    }
}

/// The C transfer, released when the request is over (the transfer's thread holds its own
/// reference until it ends).
private final class Transfer: @unchecked Sendable {
    // The pointer never changes; dc_http_cancel is thread safe.
    private let handle: OpaquePointer

    init(_ handle: OpaquePointer) {
        self.handle = handle
    }

    func cancel() {
        dc_http_cancel(handle)
    }

    deinit {
        dc_http_release(handle)
    }
}

/// The continuation a transfer's thread resumes when it ends.
private final class Waiter {
    let continuation: CheckedContinuation<Bool, Never>

    init(_ continuation: CheckedContinuation<Bool, Never>) {
        self.continuation = continuation
    }
}
