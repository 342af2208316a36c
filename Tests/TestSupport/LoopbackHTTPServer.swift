import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A scripted answer of `LoopbackHTTPServer`: what to send back, after how long, or how to fail.
public struct ScriptedResponse: Sendable {
    /// How the server treats the connection.
    public enum Behaviour: Sendable, Equatable {
        /// Send the status, headers and body, then close.
        case answer
        /// Read the request and hold the connection open without a byte of answer until the
        /// server stops (a network that never answers).
        case neverAnswer
        /// Read the request and close the connection without answering.
        case closeWithoutAnswer
        /// Send the head (with the whole body's `Content-Length`) and only the first `bytes`
        /// bytes of the body, then close: a body cut short.
        case truncate(bytes: Int)
        /// Send the head at once, then the body `bytes` bytes at a time, `intervalSeconds`
        /// apart: a slow drip.
        case drip(bytes: Int, intervalSeconds: Double)
    }

    /// The HTTP status code, for example 200.
    public var status: Int
    /// Header fields to send besides `Content-Length` and `Connection: close`.
    public var headers: [String: String]
    /// The body bytes.
    public var body: Data
    /// How long to wait before answering (or closing), in seconds.
    public var delaySeconds: Double
    /// How to treat the connection.
    public var behaviour: Behaviour
    /// A gate the answer waits behind (after the delay) until opened; nil for none.
    public var gate: ResponseGate?

    /// Makes a response.
    /// - Parameters:
    ///   - status: the HTTP status code (default 200).
    ///   - headers: extra header fields.
    ///   - body: the body bytes (default empty).
    ///   - delaySeconds: the wait before answering, in seconds (default 0).
    ///   - behaviour: answer, never answer or close (default answer).
    public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data(), delaySeconds: Double = 0, behaviour: Behaviour = .answer) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delaySeconds = delaySeconds
        self.behaviour = behaviour
    }

    /// A JSON answer: `Content-Type: application/json` and the given bytes.
    /// - Parameters:
    ///   - body: the JSON bytes.
    ///   - status: the status code (default 200).
    ///   - headers: extra header fields.
    public static func json(_ body: Data, status: Int = 200, headers: [String: String] = [:]) -> ScriptedResponse {
        var all = headers
        all["Content-Type"] = "application/json; charset=utf-8"
        return ScriptedResponse(status: status, headers: all, body: body)
    }

    /// A JSON answer from text.
    /// - Parameters:
    ///   - text: the JSON text, sent as UTF-8.
    ///   - status: the status code (default 200).
    ///   - headers: extra header fields.
    public static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> ScriptedResponse {
        json(Data(text.utf8), status: status, headers: headers)
    }

    /// A connection that is accepted and never answered.
    public static let neverAnswer = ScriptedResponse(behaviour: .neverAnswer)
    /// A connection that is closed as soon as the request is read.
    public static let closeWithoutAnswer = ScriptedResponse(behaviour: .closeWithoutAnswer)

    /// A 429 Too Many Requests (RFC 6585 §4), with a `Retry-After` value when given: seconds
    /// (`"10"`) or an HTTP date (`"Wed, 21 Oct 2015 07:28:00 GMT"`).
    /// - Parameter retryAfter: the header's value, or nil for none.
    public static func tooManyRequests(retryAfter: String?) -> ScriptedResponse {
        var headers = ["Content-Type": "application/json"]
        if let retryAfter { headers["Retry-After"] = retryAfter }
        return ScriptedResponse(status: 429, headers: headers, body: Data(#"{"error":"Too Many Requests"}"#.utf8))
    }

    /// An HTML page (as proxies and captive portals send), with the given status.
    /// - Parameter status: the status code (default 200).
    public static func html(status: Int = 200) -> ScriptedResponse {
        ScriptedResponse(
            status: status, headers: ["Content-Type": "text/html"],
            body: Data("<!DOCTYPE html><html><head><title>Bad Gateway</title></head><body><h1>502</h1></body></html>".utf8))
    }

    /// A JSON answer whose body is cut after `bytes` bytes although `Content-Length` promised it all.
    /// - Parameters:
    ///   - text: the whole JSON text.
    ///   - bytes: how many bytes are sent.
    public static func truncated(_ text: String, after bytes: Int) -> ScriptedResponse {
        var response = json(text)
        response.behaviour = .truncate(bytes: bytes)
        return response
    }

    /// A JSON answer sent `bytes` bytes at a time, `intervalSeconds` apart.
    /// - Parameters:
    ///   - text: the JSON text.
    ///   - bytes: bytes per piece (at least 1).
    ///   - intervalSeconds: the pause between pieces, in seconds.
    public static func drip(_ text: String, bytes: Int, every intervalSeconds: Double) -> ScriptedResponse {
        var response = json(text)
        response.behaviour = .drip(bytes: max(1, bytes), intervalSeconds: intervalSeconds)
        return response
    }
}

/// A request as the server received it.
public struct RecordedRequest: Sendable {
    /// The method, for example `"GET"`.
    public let method: String
    /// The path, percent-decoded, for example `"/v2/places"`.
    public let path: String
    /// The raw query after `?`, still percent-encoded; nil when there is none.
    public let query: String?
    /// The query's parameters, percent-decoded; the last value wins for a repeated name.
    public let queryItems: [String: String]
    /// Header fields, names lower-cased.
    public let headers: [String: String]
    /// The body bytes (empty for GET).
    public let body: Data
    /// When the request was read, on the monotonic clock.
    public let receivedAt: ContinuousClock.Instant
}

/// A real HTTP/1.1 server on 127.0.0.1 with an ephemeral port, for tests: POSIX sockets, one
/// accept thread, one short-lived worker per connection, `Connection: close` after each answer.
///
/// Routes map a path (and optionally query parameters that must all match) to scripted
/// responses; the first matching route answers. A route given several responses uses them in
/// turn and then keeps repeating the last. A request that matches no route gets a 404. Every
/// request is recorded for assertions.
///
/// A route can misbehave as real servers do: accept and never answer (`.neverAnswer`), close
/// without a word (`.closeWithoutAnswer`), answer late (`delaySeconds`), cut the body short of
/// its `Content-Length` (`.truncated`), send it in slow pieces (`.drip`), rate-limit
/// (`.tooManyRequests(retryAfter:)` with seconds, an HTTP date or nothing), send an HTML page
/// (`.html()`), or fail first and answer next (several responses in turn).
///
///     let sut = LoopbackHTTPServer()
///     sut.route("/shows", query: ["page": "0"], .json(try Fixtures.snapshotData("shows_page_0.json")))
///     let base = try sut.start()   // http://127.0.0.1:PORT
///     defer { sut.stop() }
public final class LoopbackHTTPServer: Sendable {
    private struct Route {
        let path: String
        let query: [String: String]
        var responses: [ScriptedResponse]
    }

    private struct State {
        var routes: [Route] = []
        var requests: [RecordedRequest] = []
        var listener: Int32 = -1
        var running = false
        var openConnections: Set<Int32> = []
    }

    private let state = Mutex(State())

    /// Makes a stopped server with no route.
    public init() {}

    deinit {
        stop()
    }

    /// Adds a route.
    /// - Parameters:
    ///   - path: the exact path, for example `"/v2/places"`.
    ///   - query: query parameters that must all be present with these values (others may be
    ///     present too); empty matches any query.
    ///   - responses: the answers, used in turn; the last one repeats.
    public func route(_ path: String, query: [String: String] = [:], _ responses: ScriptedResponse...) {
        state.withLock { $0.routes.append(Route(path: path, query: query, responses: responses.isEmpty ? [ScriptedResponse(status: 204)] : responses)) }
    }

    /// Every request received so far, in arrival order.
    public var requests: [RecordedRequest] {
        state.withLock { $0.requests }
    }

    /// Starts listening on 127.0.0.1 at a port the system chooses.
    /// - Returns: the base URL, for example `http://127.0.0.1:40123`.
    /// - Throws: `LoopbackHTTPServerError` when a socket call fails.
    @discardableResult
    public func start() throws -> URL {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw LoopbackHTTPServerError.socket("socket", errno) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            let code = errno
            close(fd)
            throw LoopbackHTTPServerError.socket("bind", code)
        }
        guard listen(fd, 64) == 0 else {
            let code = errno
            close(fd)
            throw LoopbackHTTPServerError.socket("listen", code)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else {
            let code = errno
            close(fd)
            throw LoopbackHTTPServerError.socket("getsockname", code)
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        state.withLock {
            $0.listener = fd
            $0.running = true
        }
        // The thread holds the server only while it handles one poll, so a server that is
        // dropped without stop() still stops (deinit calls stop()).
        let thread = Thread { [weak self] in
            while let server = self, server.acceptNext(listener: fd) {}
        }
        thread.name = "LoopbackHTTPServer.accept"
        thread.start()
        guard let url = URL(string: "http://127.0.0.1:\(port)") else {
            stop()
            throw LoopbackHTTPServerError.socket("url", 0)
        }
        return url
    }

    /// Stops listening and closes every open connection (including those held by
    /// `neverAnswer`). Safe to call more than once.
    public func stop() {
        let (listener, connections) = state.withLock { s -> (Int32, Set<Int32>) in
            let taken = (s.listener, s.openConnections)
            s.running = false
            s.listener = -1
            s.openConnections = []
            return taken
        }
        if listener >= 0 {
            shutdown(listener, Int32(SHUT_RDWR))
            close(listener)
        }
        for fd in connections {
            shutdown(fd, Int32(SHUT_RDWR))
            close(fd)
        }
    }

    private var isRunning: Bool { state.withLock { $0.running } }

    /// Waits up to 50 ms for a connection and hands it to a thread of its own.
    /// - Returns: false once the server has stopped.
    private func acceptNext(listener: Int32) -> Bool {
        var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, 50)
        guard isRunning else { return false }
        guard ready > 0 else { return true }
        let fd = accept(listener, nil, nil)
        guard fd >= 0 else { return true }
        let kept = state.withLock { s -> Bool in
            guard s.running else { return false }
            s.openConnections.insert(fd)
            return true
        }
        guard kept else {
            close(fd)
            return false
        }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let worker = Thread { [self] in serve(fd) }
        worker.name = "LoopbackHTTPServer.connection"
        worker.start()
        return true
    }

    /// Closes a connection unless `stop()` already did.
    private func finish(_ fd: Int32) {
        let owned = state.withLock { $0.openConnections.remove(fd) != nil }
        if owned {
            shutdown(fd, Int32(SHUT_RDWR))
            close(fd)
        }
    }

    private func serve(_ fd: Int32) {
        guard let request = readRequest(fd) else {
            finish(fd)
            return
        }
        let response = state.withLock { s -> ScriptedResponse in
            s.requests.append(request)
            guard
                let index = s.routes.firstIndex(where: { route in
                    route.path == request.path && route.query.allSatisfy { request.queryItems[$0.key] == $0.value }
                })
            else {
                return ScriptedResponse(status: 404, headers: ["Content-Type": "text/plain"], body: Data("no route".utf8))
            }
            let next = s.routes[index].responses[0]
            if s.routes[index].responses.count > 1 { s.routes[index].responses.removeFirst() }
            return next
        }
        if response.delaySeconds > 0 {
            // Sleep in short steps so that stop() is not held up by a long delay.
            let end = Date().addingTimeInterval(response.delaySeconds)
            while Date() < end && isRunning { Thread.sleep(forTimeInterval: min(0.02, max(0, end.timeIntervalSinceNow))) }
        }
        while let gate = response.gate, !gate.isOpen, isRunning { Thread.sleep(forTimeInterval: 0.01) }
        switch response.behaviour {
        case .neverAnswer:
            // Keep the connection open; stop() closes it.
            return
        case .closeWithoutAnswer:
            finish(fd)
        case .answer:
            sendAll(fd, Self.encode(response))
            finish(fd)
        case .truncate(let bytes):
            let whole = Self.encode(response)
            sendAll(fd, whole.prefix(whole.count - response.body.count + max(0, min(bytes, response.body.count))))
            finish(fd)
        case .drip(let bytes, let interval):
            let whole = Self.encode(response)
            let headCount = whole.count - response.body.count
            sendAll(fd, whole.prefix(headCount))
            var offset = headCount
            while offset < whole.count && isRunning {
                let end = Date().addingTimeInterval(interval)
                while Date() < end && isRunning { Thread.sleep(forTimeInterval: min(0.02, max(0, end.timeIntervalSinceNow))) }
                guard isRunning else { break }
                let next = min(whole.count, offset + bytes)
                guard sendAll(fd, whole.subdata(in: offset..<next)) else { break }
                offset = next
            }
            finish(fd)
        }
    }

    private static func encode(_ response: ScriptedResponse) -> Data {
        var head = "HTTP/1.1 \(response.status) \(reason(response.status))\r\n"
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key })
        where name.lowercased() != "content-length" && name.lowercased() != "connection" {
            head += "\(name): \(value)\r\n"
        }
        head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
        return Data(head.utf8) + response.body
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 204: return "No Content"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        default: return "Status"
        }
    }

    /// Sends every byte; false when the peer went away first.
    @discardableResult
    private func sendAll(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Bool in
            guard let base = buffer.baseAddress else { return true }
            var sent = 0
            while sent < buffer.count {
                // MSG_NOSIGNAL: a peer that hung up must not raise SIGPIPE in the test process.
                let n = send(fd, base + sent, buffer.count - sent, Int32(MSG_NOSIGNAL))
                if n <= 0 { return false }
                sent += n
            }
            return true
        }
    }

    /// Reads the request line, the header fields and a `Content-Length` body.
    private func readRequest(_ fd: Int32) -> RecordedRequest? {
        var buffer = Data()
        var chunk = [UInt8](repeating: 0, count: 16_384)
        let separator = Data("\r\n\r\n".utf8)
        var headerEnd: Range<Data.Index>?
        while headerEnd == nil {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { return nil }
            buffer.append(contentsOf: chunk[0..<n])
            headerEnd = buffer.range(of: separator)
            if buffer.count > 1_000_000 { return nil }
        }
        guard let headerEnd else { return nil }
        let head = String(decoding: buffer[buffer.startIndex..<headerEnd.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        guard !lines.isEmpty else { return nil }
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(buffer[headerEnd.upperBound...])
        let wanted = headers["content-length"].flatMap { Int($0) } ?? 0
        while body.count < wanted {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            body.append(contentsOf: chunk[0..<n])
        }
        let target = String(requestLine[1])
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let rawPath = String(parts[0])
        let query = parts.count > 1 ? String(parts[1]) : nil
        var items: [String: String] = [:]
        for pair in (query ?? "").split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(kv[0]).removingPercentEncoding ?? String(kv[0])
            let value = kv.count > 1 ? (String(kv[1]).removingPercentEncoding ?? String(kv[1])) : ""
            items[name] = value
        }
        return RecordedRequest(
            method: String(requestLine[0]),
            path: rawPath.removingPercentEncoding ?? rawPath,
            query: query,
            queryItems: items,
            headers: headers,
            body: body,
            receivedAt: ContinuousClock.now
        )
    }
}

/// Why the loopback server could not start.
public enum LoopbackHTTPServerError: Error, Sendable, Equatable {
    /// A socket call failed: the call's name and `errno`.
    case socket(String, Int32)
}
