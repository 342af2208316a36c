import Domain
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The configuration file, `$XDG_CONFIG_HOME/discover-tui/config` (default
/// `~/.config/discover-tui/config`): settings the person writes once instead of passing flags.
///
/// Format: UTF-8 text, one `key = value` a line. Blank lines and lines whose first non-blank
/// character is `#` are ignored; a `#` later in a line is part of the value. Spaces around the
/// key and the value are dropped, and a value may be wrapped in matching double or single quotes.
/// An empty value leaves the setting unset. Keys are the ones of the `Schema` given; an unknown
/// key, a line without `=` or a key given twice is an error naming the file and the line, so a
/// typing mistake never passes unnoticed.
public struct ConfigFile: Sendable, Equatable {
    /// One setting: its value and the line it came from.
    public struct Entry: Sendable, Equatable {
        /// The value, trimmed and unquoted; empty only for a key of one of the schema's prefixes.
        public let value: String
        /// The line, from 1.
        public let line: Int

        /// Makes a setting.
        /// - Parameters:
        ///   - value: the value, trimmed and unquoted.
        ///   - line: the line, from 1.
        public init(value: String, line: Int) {
            self.value = value
            self.line = line
        }
    }

    /// The keys a file may hold and which of them hold secrets. The program's keys come from
    /// its settings table (`AppOptions.settings` in the App layer), so there is one list.
    public struct Schema: Sendable, Equatable {
        /// The keys, in the order messages list them.
        public let keys: [String]
        /// The keys whose values are secrets (API keys, tokens).
        public let secretKeys: Set<String>
        /// Prefixes of keys that the caller checks itself (`key.` for `key.quit = x`); such a
        /// key's empty value is kept (it means "none"), where other empty values are dropped.
        public let prefixes: [String]

        /// Makes a schema.
        /// - Parameters:
        ///   - keys: the keys, in the order messages list them.
        ///   - secretKeys: the keys whose values are secrets.
        ///   - prefixes: prefixes of keys the caller checks itself (`key.`).
        public init(keys: [String], secretKeys: Set<String>, prefixes: [String] = []) {
            self.keys = keys
            self.secretKeys = secretKeys
            self.prefixes = prefixes
        }
    }

    /// The largest file read, in bytes (a settings file is a few hundred bytes).
    public static let maximumBytes = 64 * 1024

    /// The file's path.
    public let path: String
    /// The settings by key.
    public let entries: [String: Entry]
    /// The file's permission bits (`st_mode & 0o7777`), for the check that no one else can
    /// read a key; nil when not known (text parsed without a file).
    public let mode: UInt32?
    /// The keys whose values are secrets, for `exposesSecret`.
    public let secretKeys: Set<String>

    /// The file's path under the app's config folder, or nil when there is no config folder
    /// (neither `XDG_CONFIG_HOME` nor `HOME` is an absolute path).
    /// - Parameter directories: the app's folders.
    public static func path(in directories: XDGDirectories) -> String? {
        directories.path(.config).map { FilePaths.join($0, "config") }
    }

    /// Reads the file at `path`.
    /// - Parameters:
    ///   - path: the file's path.
    ///   - schema: the keys the file may hold.
    /// - Returns: the settings, or nil when no file exists there.
    /// - Throws: `ConfigError` when the file exists but cannot be read (a folder, no
    ///   permission, larger than 64 KiB, not UTF-8) or holds a bad line.
    public static func load(path: String, schema: Schema) throws -> ConfigFile? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw ConfigError(path: path, line: nil, message: String(cString: strerror(errno)))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw ConfigError(path: path, line: nil, message: "not a regular file")
        }
        guard info.st_size <= maximumBytes else {
            throw ConfigError(path: path, line: nil, message: "larger than \(maximumBytes / 1024) KiB; a settings file is a few lines")
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw ConfigError(path: path, line: nil, message: "cannot be opened for reading")
        }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: maximumBytes + 1)
        var filled = 0
        while filled < buffer.count {
            let got = buffer.withUnsafeMutableBytes { bytes -> Int in
                guard let base = bytes.baseAddress else { return 0 }
                return read(fd, base + filled, bytes.count - filled)
            }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw ConfigError(path: path, line: nil, message: "cannot be read") }
            if got == 0 { break }
            filled += got
        }
        let data = Data(buffer[..<filled])
        guard data.count <= maximumBytes else {
            throw ConfigError(path: path, line: nil, message: "larger than \(maximumBytes / 1024) KiB; a settings file is a few lines")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(path: path, line: nil, message: "not UTF-8 text")
        }
        return try parse(text, path: path, mode: UInt32(info.st_mode) & 0o7777, schema: schema)
    }

    /// Parses the file's text.
    /// - Parameters:
    ///   - text: the file's text.
    ///   - path: the file's path, for messages.
    ///   - mode: the file's permission bits, if known.
    ///   - schema: the keys the file may hold.
    /// - Returns: the settings.
    /// - Throws: `ConfigError` naming the first bad line.
    public static func parse(_ text: String, path: String, mode: UInt32? = nil, schema: Schema) throws -> ConfigFile {
        let known = Set(schema.keys)
        var entries: [String: Entry] = [:]
        var lineNumber = 0
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            var line = Substring(raw)
            if lineNumber == 1, line.first == "\u{FEFF}" { line = line.dropFirst() }
            let trimmed = line.trimming(.whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let equals = trimmed.firstIndex(of: "=") else {
                throw ConfigError(path: path, line: lineNumber, message: "expected 'key = value'")
            }
            let key = trimmed[..<equals].trimming(.whitespaces).lowercased()
            guard !key.isEmpty else {
                throw ConfigError(path: path, line: lineNumber, message: "a value without a key")
            }
            let prefixed = schema.prefixes.contains { key.hasPrefix($0) && key.count > $0.count }
            guard known.contains(key) || prefixed else {
                let shown = String(key.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "?" }.prefix(40))
                throw ConfigError(path: path, line: lineNumber, message: "unknown key '\(shown)'; known keys: \(schema.keys.joined(separator: ", "))")
            }
            if let earlier = entries[key] {
                throw ConfigError(path: path, line: lineNumber, message: "\(key) is already set on line \(earlier.line)")
            }
            var value = trimmed[trimmed.index(after: equals)...].trimming(.whitespaces)
            if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
                value = String(value.dropFirst().dropLast())
            }
            if value.isEmpty && !prefixed { continue }
            if value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                throw ConfigError(path: path, line: lineNumber, message: "\(key) holds a control character")
            }
            entries[key] = Entry(value: value, line: lineNumber)
        }
        return ConfigFile(path: path, entries: entries, mode: mode, secretKeys: schema.secretKeys)
    }

    /// Makes settings directly (tests, or no file).
    /// - Parameters:
    ///   - path: the file's path, for messages.
    ///   - entries: the settings by key.
    ///   - mode: the permission bits, if known.
    ///   - secretKeys: the keys whose values are secrets.
    public init(path: String, entries: [String: Entry], mode: UInt32? = nil, secretKeys: Set<String> = []) {
        self.path = path
        self.entries = entries
        self.mode = mode
        self.secretKeys = secretKeys
    }

    /// The setting for a key, if set.
    public subscript(key: String) -> Entry? { entries[key] }

    /// True when the file holds a secret (an API key or token) that its group or others may
    /// read (`mode & 0o077` not zero).
    public var exposesSecret: Bool {
        guard let mode, mode & 0o077 != 0 else { return false }
        return entries.keys.contains { secretKeys.contains($0) }
    }
}
