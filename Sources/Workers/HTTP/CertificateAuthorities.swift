import CCurlHTTP
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The certificate authorities a TLS server's certificate is checked against: a PEM bundle
/// file (libcurl's `CURLOPT_CAINFO`), a folder of hashed certificates (`CURLOPT_CAPATH`), or
/// libcurl's built-in default for whichever is not given.
///
/// Chosen as curl's own tool and git over libcurl choose (curl's `tool_operate.c`): Discover's
/// `ca-bundle` setting first (flag, environment, config file), else `CURL_CA_BUNDLE`, else
/// `SSL_CERT_FILE` and `SSL_CERT_DIR` (either or both); an empty variable counts as unset.
public struct CertificateAuthorities: Sendable, Equatable {
    /// The PEM bundle to trust, or nil for libcurl's default.
    public let file: String?
    /// The folder of certificates to trust (named by their subject hashes, as `c_rehash`
    /// makes them), or nil for libcurl's default.
    public let directory: String?
    /// Where the choice came from: `--ca-bundle`, `CURL_CA_BUNDLE`, a config file's line,
    /// `libcurl's default`.
    public let origin: String

    /// libcurl's built-in bundle and folder (Debian's: `/etc/ssl/certs/ca-certificates.crt`
    /// and `/etc/ssl/certs`).
    public static let libcurlDefault = CertificateAuthorities(file: nil, directory: nil, origin: "libcurl's default")

    /// Makes a choice.
    /// - Parameters:
    ///   - file: the PEM bundle, or nil for libcurl's default.
    ///   - directory: the certificates' folder, or nil for libcurl's default.
    ///   - origin: where the choice came from, in words.
    public init(file: String?, directory: String?, origin: String) {
        self.file = file
        self.directory = directory
        self.origin = origin
    }

    /// The authorities the settings and the environment choose.
    /// - Parameters:
    ///   - setting: the `ca-bundle` setting's path (a file, or a folder of hashed
    ///     certificates), or nil when not set.
    ///   - settingOrigin: how to name where the setting came from (`--ca-bundle`).
    ///   - environment: the process's environment (`CURL_CA_BUNDLE`, `SSL_CERT_FILE`,
    ///     `SSL_CERT_DIR`).
    /// - Returns: the choice; `libcurlDefault` when nothing is set.
    public static func resolve(setting: String?, settingOrigin: String, environment: [String: String]) -> CertificateAuthorities {
        func given(_ name: String) -> String? {
            guard let value = environment[name], !value.isEmpty else { return nil }
            return value
        }
        if let setting, !setting.isEmpty {
            return isDirectory(setting)
                ? CertificateAuthorities(file: nil, directory: setting, origin: settingOrigin)
                : CertificateAuthorities(file: setting, directory: nil, origin: settingOrigin)
        }
        if let bundle = given("CURL_CA_BUNDLE") {
            return CertificateAuthorities(file: bundle, directory: nil, origin: "CURL_CA_BUNDLE")
        }
        let file = given("SSL_CERT_FILE"), directory = given("SSL_CERT_DIR")
        guard file != nil || directory != nil else { return .libcurlDefault }
        let origin = [file.map { _ in "SSL_CERT_FILE" }, directory.map { _ in "SSL_CERT_DIR" }].compactMap { $0 }.joined(separator: ", ")
        return CertificateAuthorities(file: file, directory: directory, origin: origin)
    }

    /// The bundle file libcurl reads: the chosen one, else its built-in default (nil when it
    /// has none or libcurl is not installed).
    public var fileInUse: String? {
        file ?? dc_http_default_ca_file().map { String(cString: $0) }
    }

    /// The folder libcurl reads: the chosen one, else its built-in default (nil when none).
    public var directoryInUse: String? {
        directory ?? dc_http_default_ca_directory().map { String(cString: $0) }
    }

    /// The choice in words, for `--check`: `/tmp/ca.pem (CURL_CA_BUNDLE)`,
    /// `/etc/ssl/certs/ca-certificates.crt, /etc/ssl/certs (libcurl's default)`, with
    /// `missing` after a path that does not exist.
    public var summary: String {
        let paths = [
            fileInUse.map { $0 + (Self.exists($0) ? "" : " (missing)") },
            directoryInUse.map { $0 + (Self.isDirectory($0) ? "" : " (missing)") }
        ].compactMap { $0 }
        return (paths.isEmpty ? "none" : paths.joined(separator: ", ")) + " (\(origin))"
    }

    /// True when a file or folder is at `path`.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// True when a folder is at `path`.
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
