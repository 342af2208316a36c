import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTPS server on 127.0.0.1 with a self-signed certificate made for the test: OpenSSL's
/// `openssl s_server -WWW`, which answers `GET /PATH` with the file `PATH` of its folder
/// (query included, as in `shows?page=0`) as `HTTP/1.0 200 ok`, one connection at a time.
///
/// The certificate (an EC P-256 key, `CN=127.0.0.1`, `subjectAltName=IP:127.0.0.1`, valid
/// two days) is written to `certificatePath`, so that a test can hand it to the client as the
/// CA bundle to trust.
public final class TLSStubServer {
    /// Why the server could not start.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// The folder holding the certificate, its key and the served files.
    public let folder: URL
    /// The self-signed certificate, PEM.
    public var certificatePath: String { folder.appendingPathComponent("cert.pem").path }
    private var process: Process?

    /// The openssl program, or nil when it is not installed.
    public static let opensslPath: String? = ["/usr/bin/openssl", "/bin/openssl", "/usr/local/bin/openssl"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Makes the certificate and the files to serve.
    /// - Parameter files: paths as requested without the leading `/` (`shows?page=0`,
    ///   `shows/1`) and their bodies.
    /// - Throws: `Failure` when openssl is missing or fails, or a file cannot be written.
    public init(serving files: [String: Data]) throws {
        guard let openssl = Self.opensslPath else { throw Failure(description: "openssl is not installed (apt-get install openssl)") }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("discover-tls-\(UUID().uuidString.prefix(8))")
        let www = folder.appendingPathComponent("www")
        try FileManager.default.createDirectory(at: www, withIntermediateDirectories: true)
        for (path, body) in files {
            let file = www.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try body.write(to: file)
        }
        let made = try Subprocess.run(
            openssl,
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-keyout", folder.appendingPathComponent("key.pem").path, "-out", certificatePath, "-days", "2",
                "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"
            ])
        guard made.status == 0 else { throw Failure(description: "openssl req failed: \(made.output)") }
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Starts serving and waits until the port accepts connections (at most 10 s).
    /// - Returns: the base URL, `https://127.0.0.1:PORT`.
    /// - Throws: `Failure` when no server could be started.
    @discardableResult
    public func start() throws -> URL {
        guard let openssl = Self.opensslPath else { throw Failure(description: "openssl is not installed") }
        // A port the system has just handed out; s_server binds it a moment later. Taken in
        // between by another program, s_server exits and another port is tried.
        for _ in 0..<5 {
            let port = try Self.freePort()
            let server = Process()
            server.executableURL = URL(fileURLWithPath: openssl)
            server.arguments = [
                "s_server", "-accept", "127.0.0.1:\(port)", "-cert", certificatePath,
                "-key", folder.appendingPathComponent("key.pem").path, "-WWW", "-quiet"
            ]
            server.currentDirectoryURL = folder.appendingPathComponent("www")
            server.standardInput = FileHandle.nullDevice
            server.standardOutput = FileHandle.nullDevice
            server.standardError = FileHandle.nullDevice
            try server.run()
            let deadline = ContinuousClock.now + .seconds(10)
            while server.isRunning && ContinuousClock.now < deadline {
                if Self.accepts(port: port), let base = URL(string: "https://127.0.0.1:\(port)") {
                    process = server
                    return base
                }
                usleep(20_000)
            }
            if server.isRunning { server.terminate() }
            server.waitUntilExit()
        }
        throw Failure(description: "openssl s_server did not start")
    }

    /// Stops the server.
    public func stop() {
        guard let process else { return }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        self.process = nil
    }

    /// A port on 127.0.0.1 that was free a moment ago.
    private static func freePort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        defer { close(fd) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw Failure(description: "bind: errno \(errno)") }
        return UInt16(bigEndian: address.sin_port)
    }

    /// True when a TCP connection to 127.0.0.1:`port` is accepted.
    private static func accepts(port: UInt16) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}

/// A port on 127.0.0.1 that is bound but never listens, so that every connection to it is
/// refused at once (a dead proxy). Held until the value is dropped.
public final class RefusingPort {
    /// The port.
    public let port: UInt16
    private let fd: Int32

    /// Binds a port the system chooses.
    /// - Throws: `TLSStubServer.Failure` when a socket call fails.
    public init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TLSStubServer.Failure(description: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else {
            close(fd)
            throw TLSStubServer.Failure(description: "bind: errno \(errno)")
        }
        self.fd = fd
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(fd) }
}
