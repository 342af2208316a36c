import Foundation
import TestSupport
import XCTest

/// The built binary against a loopback HTTPS TVmaze with a self-signed certificate
/// (`openssl s_server`), and behind a proxy that refuses: the message says the certificate is
/// not trusted, or names the proxy; `CURL_CA_BUNDLE`, `SSL_CERT_FILE`, `SSL_CERT_DIR` and the
/// `ca-bundle` setting make the certificate trusted; `--check` shows the bundle in use.
///
/// Each run gets exactly the variables the test gives (as `env -i`), so the CA and proxy
/// variables of the machine running the tests change nothing.
final class TLSAndProxyEndToEndTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "discover-tls-run-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: root + "/config/discover-tui", withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    /// A TLS TVmaze serving the recorded first page of `/shows` and show 1 (`--check`'s probe).
    private func tlsTVmaze() throws -> (server: TLSStubServer, base: URL) {
        guard TLSStubServer.opensslPath != nil else { throw XCTSkip("openssl is not installed (apt-get install openssl)") }
        let server = try TLSStubServer(serving: [
            "shows?page=0": try Fixtures.snapshotData("shows_page_0.json"),
            // The probe asks for `/shows/1?` (an empty query), which s_server reads as that file name.
            "shows/1?": try Fixtures.snapshotData("show_1_under-the-dome_embed-episodes-cast.json")
        ])
        return (server, try server.start())
    }

    /// Runs the binary with only these variables (and HOME, the XDG folders, a locale, PATH),
    /// its output to files; at most 60 s.
    private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltProducts.discover)
        process.arguments = arguments
        var env = [
            "HOME": root, "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin", "XDG_CONFIG_HOME": root + "/config",
            "XDG_CACHE_HOME": root + "/cache", "XDG_DATA_HOME": root + "/data", "XDG_STATE_HOME": root + "/state"
        ]
        env.merge(environment) { _, given in given }
        process.environment = env
        FileManager.default.createFile(atPath: root + "/out", contents: nil)
        FileManager.default.createFile(atPath: root + "/err", contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: root + "/out"))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: root + "/err"))
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        if ended.wait(timeout: .now() + 60) == .timedOut {
            process.terminate()
            XCTFail("discover-tui \(arguments) did not end within 60 s")
            ended.wait()
        }
        try out.close()
        try err.close()
        return (
            process.terminationStatus,
            (try? String(contentsOfFile: root + "/out", encoding: .utf8)) ?? "",
            (try? String(contentsOfFile: root + "/err", encoding: .utf8)) ?? ""
        )
    }

    private let allShows = ["--source", "tvmaze", "--list", "all", "--no-cache"]

    // MARK: Certificates

    func testASelfSignedServerIsNotTrustedWithoutABundleAndTheMessageSaysSoAndWhatToDo() throws {
        // Given a TVmaze whose certificate is self-signed
        let (server, base) = try tlsTVmaze()
        defer { server.stop() }

        // When the list is asked for with libcurl's own bundle
        let result = try run(allShows + ["--api-base", base.absoluteString])

        // Then the message names the cause and the setting that helps, on one line
        XCTAssertEqual(result.status, 1, result.out)
        XCTAssertEqual(result.out, "")
        XCTAssertEqual(result.err, "discover-tui: TVmaze is unreachable (certificate not trusted: self-signed; to trust it, give its certificate with --ca-bundle)\n")
    }

    func testEachOfCurlCABundleSSLCertFileSSLCertDirAndTheSettingMakesTheCertificateTrusted() throws {
        // Given a self-signed TVmaze, and a folder holding its certificate under its hash name
        let (server, base) = try tlsTVmaze()
        defer { server.stop() }
        let folder = root + "/certs"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let hash = try XCTUnwrap(
            Subprocess.run(try XCTUnwrap(TLSStubServer.opensslPath), ["x509", "-hash", "-noout", "-in", server.certificatePath])
                .output.split(separator: "\n").first.map(String.init))
        try FileManager.default.copyItem(atPath: server.certificatePath, toPath: "\(folder)/\(hash).0")
        try Data("ca-bundle = \(server.certificatePath)\n".utf8).write(to: URL(fileURLWithPath: root + "/other-config"))

        let ways: [(String, [String], [String: String])] = [
            ("CURL_CA_BUNDLE", [], ["CURL_CA_BUNDLE": server.certificatePath]),
            ("SSL_CERT_FILE", [], ["SSL_CERT_FILE": server.certificatePath]),
            ("SSL_CERT_DIR", [], ["SSL_CERT_DIR": folder]),
            ("--ca-bundle", ["--ca-bundle", server.certificatePath], [:]),
            ("--ca-bundle with a folder", ["--ca-bundle", folder], [:]),
            ("DISCOVER_CA_BUNDLE", [], ["DISCOVER_CA_BUNDLE": server.certificatePath]),
            ("the setting over a wrong CURL_CA_BUNDLE", ["--ca-bundle", server.certificatePath], ["CURL_CA_BUNDLE": "/nonexistent.pem"])
        ]
        for (way, flags, variables) in ways {
            // When
            let result = try run(allShows + ["--api-base", base.absoluteString] + flags, environment: variables)

            // Then the list loads from the server
            XCTAssertEqual(result.status, 0, "\(way): \(result.err)")
            XCTAssertTrue(result.out.hasPrefix("# first 240 popular shows, TVmaze live"), "\(way): \(result.out.prefix(200)) \(result.err)")
            XCTAssertTrue(result.out.contains("Breaking Bad"), way)
        }

        // And the config file's key works too
        try FileManager.default.moveItem(atPath: root + "/other-config", toPath: root + "/config/discover-tui/config")
        let fromFile = try run(allShows + ["--api-base", base.absoluteString])
        XCTAssertTrue(fromFile.out.contains("TVmaze live"), fromFile.err)
    }

    func testABundleThatIsNotThereIsNamedWithWhatToDo() throws {
        let (server, base) = try tlsTVmaze()
        defer { server.stop() }

        let result = try run(allShows + ["--api-base", base.absoluteString], environment: ["CURL_CA_BUNDLE": root + "/missing.pem"])

        XCTAssertEqual(result.err, "discover-tui: TVmaze is unreachable (no CA bundle at \(root)/missing.pem; install ca-certificates or give one with --ca-bundle)\n")
    }

    func testAServerCalledByAnotherNameIsNotTrustedAndTheMessageSaysTheNameDoesNotMatch() throws {
        // Given a certificate for 127.0.0.1, trusted, asked for as localhost
        let (server, base) = try tlsTVmaze()
        defer { server.stop() }
        let other = try XCTUnwrap(URL(string: "https://localhost:\(base.port ?? 0)"))

        let result = try run(allShows + ["--api-base", other.absoluteString, "--ca-bundle", server.certificatePath])

        XCTAssertTrue(result.err.contains("certificate not trusted: name does not match the host; check the URL"), result.err)
    }

    func testCheckShowsTheBundleInUseAndWhyTheSourceIsNotTrusted() throws {
        // Given a self-signed TVmaze (Overpass and Nominatim on it too, so nothing leaves the machine)
        let (server, base) = try tlsTVmaze()
        defer { server.stop() }
        let local = ["--api-base", base.absoluteString]
        let placesOnTheServer = ["DISCOVER_OVERPASS_URL": base.absoluteString, "DISCOVER_NOMINATIM_URL": base.absoluteString]

        // When checked without a bundle, then with the setting
        let untrusted = try run(["--check"] + local, environment: placesOnTheServer)
        let trusted = try run(["--check", "--ca-bundle", server.certificatePath] + local, environment: placesOnTheServer)

        // Then the bundle in use and where it came from are shown, and the TVmaze row says why
        XCTAssertTrue(untrusted.out.contains("(libcurl's default)"), untrusted.out)
        let untrustedRow = try XCTUnwrap(untrusted.out.split(separator: "\n").first { $0.hasPrefix("TVmaze") }, untrusted.out)
        XCTAssertTrue(
            untrustedRow.hasSuffix("failed: TVmaze is unreachable (certificate not trusted: self-signed; to trust it, give its certificate with --ca-bundle)"),
            String(untrustedRow))
        let bundleLine = try XCTUnwrap(trusted.out.split(separator: "\n").first { $0.hasPrefix("CA bundle") }, trusted.out)
        XCTAssertTrue(bundleLine.hasPrefix("CA bundle     \(server.certificatePath), "), String(bundleLine))
        XCTAssertTrue(bundleLine.hasSuffix(" (--ca-bundle)"), String(bundleLine))
        let trustedRow = try XCTUnwrap(trusted.out.split(separator: "\n").first { $0.hasPrefix("TVmaze") }, trusted.out)
        XCTAssertTrue(trustedRow.contains(" ok "), String(trustedRow))
    }

    // MARK: Proxies

    func testAProxyThatRefusesIsNamedInTheMessageAndInCheck() throws {
        // Given a TVmaze over plain HTTP and one over HTTPS, each behind a dead proxy
        let proxy = try RefusingPort()
        let plain = LoopbackHTTPServer()
        defer { plain.stop() }
        plain.route("/shows", .json(try Fixtures.snapshotData("shows_page_0.json")))
        let plainBase = try plain.start()
        let (server, tlsBase) = try tlsTVmaze()
        defer { server.stop() }
        let named = "the proxy 127.0.0.1:\(proxy.port) refused the connection"
        // --check asks the places sources too: at the dead port, so that nothing leaves the machine.
        let nowhere = "http://127.0.0.1:\(proxy.port)"

        for (variable, base) in [("http_proxy", plainBase), ("https_proxy", tlsBase), ("HTTPS_PROXY", tlsBase), ("all_proxy", plainBase)] {
            // When
            let environment = [variable: "http://user:secret@127.0.0.1:\(proxy.port)/"]
            let result = try run(allShows + ["--api-base", base.absoluteString], environment: environment)
            let check = try run(
                ["--check", "--api-base", base.absoluteString],
                environment: environment.merging(
                    ["DISCOVER_OVERPASS_URL": nowhere, "DISCOVER_NOMINATIM_URL": nowhere]) { given, _ in given })

            // Then the proxy is named, without its password, and the server was never asked
            XCTAssertEqual(result.err, "discover-tui: TVmaze is unreachable (\(named))\n", variable)
            let row = try XCTUnwrap(check.out.split(separator: "\n").first { $0.hasPrefix("TVmaze") }, check.out)
            XCTAssertTrue(row.hasSuffix("failed: TVmaze is unreachable (\(named))"), "\(variable): \(row)")
            XCTAssertFalse(result.err.contains("secret") || check.out.contains("secret"))
        }
        XCTAssertEqual(plain.requests.count, 0)

        // And a host in NO_PROXY goes around the proxy
        let around = try run(
            allShows + ["--api-base", plainBase.absoluteString],
            environment: ["http_proxy": "http://127.0.0.1:\(proxy.port)", "NO_PROXY": "example.org, 127.0.0.1"])
        XCTAssertTrue(around.out.contains("TVmaze live"), around.err)
    }

    func testAProxyThatRefusesIsNamedInTheStatusBar() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        // Given a TVmaze behind a dead proxy
        let proxy = try RefusingPort()
        let server = LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/shows", .json(try Fixtures.snapshotData("shows_page_0.json")))
        let base = try server.start()

        // When the full-screen list loads
        let term = try TmuxTerminal(
            command: [BuiltProducts.discover, "--source", "tvmaze", "--list", "all", "--no-cache", "--api-base", base.absoluteString],
            width: 120, height: 30, environment: ["http_proxy": "http://127.0.0.1:\(proxy.port)"])

        // Then the status bar names the proxy, not TVmaze's connection
        let pattern = #"TVmaze is unreachable \(the proxy 127\.0\.0\.1:\#(proxy.port) refused the connection\)\. Press r to retry\."#
        XCTAssertNotNil(term.waitFor(pattern, timeout: 20), term.screen().joined(separator: "\n"))
        term.send("q")
        XCTAssertEqual(term.exitStatus(timeout: 5), 0)
        XCTAssertEqual(server.requests.count, 0)
    }
}
