import Foundation
import XCTest

@testable import Workers

/// `CurlHTTPClient.describe(code:)` and `headerFields(_:)`: every failure in words, never a
/// bare code; header lines read as the server sent them.
final class TransferErrorWordsTests: XCTestCase {
    func testFailuresAreSaidInWords() {
        // Codes from https://curl.se/libcurl/c/libcurl-errors.html
        XCTAssertEqual(CurlHTTPClient.describe(code: 7), "connection refused")
        XCTAssertEqual(CurlHTTPClient.describe(code: 6), "host not found")
        XCTAssertEqual(CurlHTTPClient.describe(code: 47), "too many redirects")
        XCTAssertEqual(CurlHTTPClient.describe(code: 52), "an empty answer")
        XCTAssertEqual(CurlHTTPClient.describe(code: 61), "an answer that could not be decoded")
        XCTAssertEqual(CurlHTTPClient.describe(code: 18), "the answer broke off")
        XCTAssertEqual(CurlHTTPClient.describe(code: 60), "TLS failed")
        XCTAssertEqual(CurlHTTPClient.describe(code: 56), "connection lost")
    }

    func testACodeWithoutItsOwnWordsStillStartsWithWords() {
        let said = CurlHTTPClient.describe(code: 43)
        XCTAssertTrue(said.hasPrefix("the connection failed"), said)
    }

    func testHeaderLinesAfterTheStatusLineBecomeFieldsAndRepeatedOnesAreJoined() {
        let block = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nRetry-After:  3 \r\nVary: a\r\nvary: b\r\nbroken line\r\n\r\n"
        let fields = CurlHTTPClient.headerFields(block)
        XCTAssertEqual(fields["Content-Type"], "application/json")
        XCTAssertEqual(fields["Retry-After"], "3")
        XCTAssertEqual(fields["Vary"], "a, b")
        XCTAssertEqual(fields.count, 3)
    }

    // MARK: Certificates, the CA bundle and the proxy

    func testAnUntrustedCertificateSaysWhyAndWhatToDo() {
        // OpenSSL's X509_V_* codes, openssl/x509_vfy.h
        XCTAssertEqual(
            CurlHTTPClient.certificateWords(verifyResult: 18, message: ""),
            "certificate not trusted: self-signed; to trust it, give its certificate with --ca-bundle")
        XCTAssertEqual(
            CurlHTTPClient.certificateWords(verifyResult: 19, message: ""),
            "certificate not trusted: self-signed; to trust it, give its certificate with --ca-bundle")
        XCTAssertEqual(
            CurlHTTPClient.certificateWords(verifyResult: 20, message: ""),
            "certificate not trusted: unknown issuer; to trust it, give the issuer's certificate with --ca-bundle")
        XCTAssertEqual(
            CurlHTTPClient.certificateWords(verifyResult: 10, message: ""),
            "certificate not trusted: expired; check the clock, else the server must renew it")
        XCTAssertEqual(CurlHTTPClient.certificateWords(verifyResult: 9, message: ""), "certificate not trusted: not yet valid; check the clock")
        XCTAssertEqual(
            CurlHTTPClient.certificateWords(verifyResult: 62, message: ""),
            "certificate not trusted: name does not match the host; check the URL")
        XCTAssertEqual(
            CurlHTTPClient.certificateWords(verifyResult: 1, message: "SSL: no alternative certificate subject name matches target host name 'localhost'"),
            "certificate not trusted: name does not match the host; check the URL")
        XCTAssertEqual(CurlHTTPClient.certificateWords(verifyResult: 50, message: ""), "certificate not trusted: the check failed (OpenSSL error 50)")
    }

    func testCertificateBundleAndRedirectFailuresAreNotRetriedAndOthersAre() {
        XCTAssertEqual(
            CurlHTTPClient.error(for: .init(code: 60, verifyResult: 18)),
            .permanent("certificate not trusted: self-signed; to trust it, give its certificate with --ca-bundle"))
        XCTAssertEqual(CurlHTTPClient.error(for: .init(code: 47)), .permanent("too many redirects"))
        XCTAssertEqual(CurlHTTPClient.error(for: .init(code: 3)), .permanent("bad URL"))
        XCTAssertEqual(CurlHTTPClient.error(for: .init(code: 7)), .transport("connection refused"))
        XCTAssertEqual(CurlHTTPClient.error(for: .init(code: 56)), .transport("connection lost"))
    }

    func testAMissingCABundleIsNamedWithItsPath() throws {
        let folder = NSTemporaryDirectory() + "discover-ca-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("not a certificate".utf8).write(to: URL(fileURLWithPath: folder + "/junk.pem"))

        let missing = CertificateAuthorities(file: folder + "/none.pem", directory: folder, origin: "CURL_CA_BUNDLE")
        XCTAssertEqual(
            CurlHTTPClient.error(for: .init(code: 77, authorities: missing)),
            .permanent("no CA bundle at \(folder)/none.pem; install ca-certificates or give one with --ca-bundle"))
        let unreadable = CertificateAuthorities(file: folder + "/junk.pem", directory: folder, origin: "--ca-bundle")
        XCTAssertEqual(CurlHTTPClient.bundleWords(unreadable), "cannot read the CA bundle at \(folder)/junk.pem; install ca-certificates or give one with --ca-bundle")
        let noFolder = CertificateAuthorities(file: folder + "/junk.pem", directory: folder + "/nowhere", origin: "SSL_CERT_FILE, SSL_CERT_DIR")
        XCTAssertEqual(CurlHTTPClient.bundleWords(noFolder), "no CA folder at \(folder)/nowhere; install ca-certificates or give one with --ca-bundle")
    }

    func testAFailureToReachTheProxyNamesTheProxy() {
        XCTAssertEqual(CurlHTTPClient.error(for: .init(code: 7, proxy: "127.0.0.1:3128")), .transport("the proxy 127.0.0.1:3128 refused the connection"))
        XCTAssertEqual(CurlHTTPClient.error(for: .init(code: 5, proxy: "proxy.corp:8080")), .transport("the proxy proxy.corp:8080 was not found"))
        XCTAssertEqual(
            CurlHTTPClient.error(for: .init(code: 56, message: "CONNECT tunnel failed, response 403", proxy: "p:1")),
            .transport("the proxy p:1 refused the tunnel"))
        // The server's own faults behind a working proxy are the server's.
        XCTAssertEqual(CurlHTTPClient.error(for: .init(code: 52, proxy: "p:1")), .transport("an empty answer"))
    }

    func testTheProxyIsTheOneLibcurlTakesFromTheEnvironment() throws {
        let https = try XCTUnwrap(URL(string: "https://api.tvmaze.com/shows"))
        let http = try XCTUnwrap(URL(string: "http://127.0.0.1:8080/shows"))
        XCTAssertEqual(ProxyEnvironment.proxy(for: https, environment: ["https_proxy": "http://127.0.0.1:3128"]), "127.0.0.1:3128")
        XCTAssertEqual(ProxyEnvironment.proxy(for: https, environment: ["HTTPS_PROXY": "user:secret@proxy.corp:8080/"]), "proxy.corp:8080")
        XCTAssertEqual(ProxyEnvironment.proxy(for: https, environment: ["ALL_PROXY": "socks5://[::1]"]), "[::1]:1080")
        XCTAssertEqual(ProxyEnvironment.proxy(for: https, environment: ["https_proxy": "https://proxy.corp"]), "proxy.corp:443")
        XCTAssertNil(ProxyEnvironment.proxy(for: https, environment: ["http_proxy": "http://127.0.0.1:3128"]))
        // libcurl reads http_proxy in lower case only (an upper-case HTTP_PROXY can be set by a CGI request's Proxy: header).
        XCTAssertNil(ProxyEnvironment.proxy(for: http, environment: ["HTTP_PROXY": "http://127.0.0.1:3128"]))
        XCTAssertEqual(ProxyEnvironment.proxy(for: http, environment: ["http_proxy": "127.0.0.1:3128"]), "127.0.0.1:3128")
        XCTAssertNil(ProxyEnvironment.proxy(for: https, environment: ["https_proxy": "p:1", "no_proxy": "localhost, .tvmaze.com"]))
        XCTAssertNil(ProxyEnvironment.proxy(for: https, environment: ["https_proxy": "p:1", "NO_PROXY": "*"]))
        XCTAssertNil(ProxyEnvironment.proxy(for: http, environment: ["http_proxy": "p:1", "NO_PROXY": "127.0.0.1"]))
        XCTAssertEqual(ProxyEnvironment.proxy(for: https, environment: ["https_proxy": "p:1", "no_proxy": "maze.com"]), "p:1")
    }

    func testTheCABundleIsTheSettingElseCurlsVariablesInCurlsOrder() {
        let env = ["CURL_CA_BUNDLE": "/a.pem", "SSL_CERT_FILE": "/b.pem", "SSL_CERT_DIR": "/c"]
        XCTAssertEqual(
            CertificateAuthorities.resolve(setting: "/s.pem", settingOrigin: "--ca-bundle", environment: env),
            CertificateAuthorities(file: "/s.pem", directory: nil, origin: "--ca-bundle"))
        XCTAssertEqual(
            CertificateAuthorities.resolve(setting: "/", settingOrigin: "--ca-bundle", environment: env),
            CertificateAuthorities(file: nil, directory: "/", origin: "--ca-bundle"), "a folder is a folder of certificates")
        XCTAssertEqual(
            CertificateAuthorities.resolve(setting: nil, settingOrigin: "", environment: env),
            CertificateAuthorities(file: "/a.pem", directory: nil, origin: "CURL_CA_BUNDLE"))
        XCTAssertEqual(
            CertificateAuthorities.resolve(setting: nil, settingOrigin: "", environment: ["CURL_CA_BUNDLE": "", "SSL_CERT_FILE": "/b.pem", "SSL_CERT_DIR": "/c"]),
            CertificateAuthorities(file: "/b.pem", directory: "/c", origin: "SSL_CERT_FILE, SSL_CERT_DIR"))
        XCTAssertEqual(
            CertificateAuthorities.resolve(setting: nil, settingOrigin: "", environment: ["SSL_CERT_DIR": "/c"]),
            CertificateAuthorities(file: nil, directory: "/c", origin: "SSL_CERT_DIR"))
        XCTAssertEqual(CertificateAuthorities.resolve(setting: nil, settingOrigin: "", environment: [:]), .libcurlDefault)
    }
}
