import FoundationEssentials

/// Every transfer failure in words, in one place: libcurl's codes, the certificate checks, the
/// CA bundle and the proxy. The words are key-free (a URL is never shown: it may carry an API
/// key in its query) and say what to do when the user can do something.
extension CurlHTTPClient {
    /// What is known of a failed transfer, to put it in words.
    struct Failure: Sendable, Equatable {
        /// libcurl's result (`CURLcode`), not 0.
        var code: Int32
        /// The TLS peer check's OpenSSL `X509_V_*` result, 0 when none.
        var verifyResult: Int = 0
        /// libcurl's own message (`CURLOPT_ERRORBUFFER`), possibly empty.
        var message: String = ""
        /// The proxy the request went through (`host:port`), nil for none.
        var proxy: String?
        /// The certificate authorities the request was checked against.
        var authorities: CertificateAuthorities = .libcurlDefault
    }

    /// The error a failed transfer is: `.permanent` when asking again would fail the same way
    /// (a redirect loop, an untrusted certificate, a missing CA bundle, a bad URL), else
    /// `.transport`, in words.
    /// - Parameter failure: what is known of it.
    /// - Returns: the error.
    static func error(for failure: Failure) -> HTTPError {
        if let proxy = failure.proxy, let words = proxyWords(failure, proxy: proxy) { return .transport(words) }
        switch failure.code {
        case 60: // PEER_FAILED_VERIFICATION
            return .permanent(certificateWords(verifyResult: failure.verifyResult, message: failure.message))
        case 77: // SSL_CACERT_BADFILE
            return .permanent(bundleWords(failure.authorities))
        case 1, 3, 47: // UNSUPPORTED_PROTOCOL, URL_MALFORMAT, TOO_MANY_REDIRECTS
            return .permanent(describe(code: failure.code))
        default:
            return .transport(describe(code: failure.code))
        }
    }

    /// A short description of a libcurl failure in words. Codes from
    /// https://curl.se/libcurl/c/libcurl-errors.html.
    /// - Parameter code: the `CURLcode`, not 0.
    /// - Returns: for example `connection refused`, `the answer broke off`.
    static func describe(code: Int32) -> String {
        switch code {
        case 5, 6: return "host not found" // COULDNT_RESOLVE_PROXY, COULDNT_RESOLVE_HOST
        case 7: return "connection refused" // COULDNT_CONNECT
        case 1, 3: return "bad URL" // UNSUPPORTED_PROTOCOL, URL_MALFORMAT
        case 8: return "bad server response" // WEIRD_SERVER_REPLY
        case 18: return "the answer broke off" // PARTIAL_FILE
        case 52: return "an empty answer" // GOT_NOTHING
        case 16, 55, 56, 92: return "connection lost" // HTTP2, SEND_ERROR, RECV_ERROR, HTTP2_STREAM
        case 35, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91, 98: return "TLS failed" // SSL_*, PEER_FAILED_VERIFICATION
        case 47: return "too many redirects" // TOO_MANY_REDIRECTS
        case 61, 100: return "an answer that could not be decoded" // BAD_CONTENT_ENCODING, UNRECOVERABLE_POLL
        case 63: return "an answer too large" // FILESIZE_EXCEEDED
        case 67, 94: return "authentication required" // LOGIN_DENIED, AUTH_ERROR
        case 27: return "out of memory" // OUT_OF_MEMORY
        default: return "the connection failed (curl error \(code))"
        }
    }

    /// Why a server's certificate was not trusted, and what to do: `certificate not trusted:
    /// self-signed; to trust it, give its certificate with --ca-bundle`.
    /// - Parameters:
    ///   - verifyResult: OpenSSL's `X509_V_*` code (`openssl/x509_vfy.h`).
    ///   - message: libcurl's message (`SSL: no alternative certificate subject name matches
    ///     target host name …` for a name that does not match).
    /// - Returns: the words.
    static func certificateWords(verifyResult: Int, message: String) -> String {
        // libcurl checks the name itself, after OpenSSL trusted the chain (the result is then
        // 0, or OpenSSL 3's 1, unspecified).
        if message.contains("subject name") || message.contains("does not match") {
            return "certificate not trusted: " + nameMismatch
        }
        let cause: String
        switch verifyResult {
        case 18, 19: // DEPTH_ZERO_SELF_SIGNED_CERT, SELF_SIGNED_CERT_IN_CHAIN
            cause = "self-signed; to trust it, give its certificate with --ca-bundle"
        case 2, 20, 21: // UNABLE_TO_GET_ISSUER_CERT(_LOCALLY), UNABLE_TO_VERIFY_LEAF_SIGNATURE
            cause = "unknown issuer; to trust it, give the issuer's certificate with --ca-bundle"
        case 10: // CERT_HAS_EXPIRED
            cause = "expired; check the clock, else the server must renew it"
        case 9: // CERT_NOT_YET_VALID
            cause = "not yet valid; check the clock"
        case 23: // CERT_REVOKED
            cause = "revoked"
        case 62, 64: // HOSTNAME_MISMATCH, IP_ADDRESS_MISMATCH
            cause = nameMismatch
        default:
            cause = verifyResult == 0 ? "the check failed" : "the check failed (OpenSSL error \(verifyResult))"
        }
        return "certificate not trusted: " + cause
    }

    /// A name that does not match the host's.
    private static let nameMismatch = "name does not match the host; check the URL"

    /// Why the CA bundle could not be read: `no CA bundle at /etc/ssl/certs/ca-certificates.crt;
    /// install ca-certificates or give one with --ca-bundle`.
    /// - Parameter authorities: the bundle and folder checked against.
    /// - Returns: the words.
    static func bundleWords(_ authorities: CertificateAuthorities) -> String {
        let remedy = "; install ca-certificates or give one with --ca-bundle"
        if let file = authorities.fileInUse {
            if !CertificateAuthorities.exists(file) { return "no CA bundle at \(file)" + remedy }
            if let folder = authorities.directoryInUse, !CertificateAuthorities.isDirectory(folder) {
                return "no CA folder at \(folder)" + remedy
            }
            return "cannot read the CA bundle at \(file)" + remedy
        }
        if let folder = authorities.directoryInUse { return "no CA folder at \(folder)" + remedy }
        return "no CA bundle" + remedy
    }

    /// A failure of the proxy itself: `the proxy 127.0.0.1:3128 refused the connection`; nil
    /// when the failure is not the proxy's.
    /// - Parameters:
    ///   - failure: what is known of it.
    ///   - proxy: the proxy's `host:port`.
    static func proxyWords(_ failure: Failure, proxy: String) -> String? {
        switch failure.code {
        case 7: return "the proxy \(proxy) refused the connection" // COULDNT_CONNECT: libcurl connects to the proxy first
        case 5: return "the proxy \(proxy) was not found" // COULDNT_RESOLVE_PROXY
        case 56, 97: // RECV_ERROR, PROXY
            return failure.message.contains("CONNECT tunnel failed") ? "the proxy \(proxy) refused the tunnel" : nil
        default: return nil
        }
    }
}
