import Scenes
import Terminal
import Workers

/// The config file's `key.ACTION = KEY[, KEY…]` lines: read, installed before any key map is
/// built, and checked: an unknown action or key name, or a key that would do two things in
/// one scene, is a usage error naming the file, the line and both actions (exit 2).
enum KeyConfig {
    /// The config file's prefix of key lines.
    static let prefix = "key."

    /// Reads the file's key lines, installs them (`KeyRebinding`) and checks every scene.
    /// - Parameter config: the config file, if any.
    /// - Throws: `UsageError` (in the config file) for an unknown action, an unknown key name or
    ///   a key bound to two actions in one scene.
    static func install(from config: ConfigFile?) throws {
        guard let config else { return }
        var entries: [String: KeyRebinding.Entry] = [:]
        for (key, entry) in config.entries.sorted(by: { $0.value.line < $1.value.line }) where key.hasPrefix(prefix) {
            let name = String(key.dropFirst(prefix.count))
            let origin = "\(config.path) line \(entry.line)"
            var keys: [Key] = []
            for word in entry.value.split(separator: ",").map({ $0.trimming(.whitespaces) }) where !word.isEmpty {
                guard let parsed = KeyName.key(named: word) else {
                    throw UsageError(
                        message: "\(origin): \(key): unknown key name '\(SettingsTable.shown(word))'; "
                            + "names are a character (x, ?), C-x, M-x, F1-F12, Enter, Esc, Tab, S-Tab, Space, Backspace, Del, Up, Down, Left, Right, PgUp, PgDn, Home, End",
                        inConfigFile: true)
                }
                if !keys.contains(parsed) { keys.append(parsed) }
            }
            // The digit pressed is the rating, so `rate` takes digits only.
            if name == "rate", let other = keys.first(where: { key in if case .character(let c) = key { return !c.isASCII || !c.isNumber } else { return true } }) {
                throw UsageError(
                    message: "\(origin): key.rate: \(KeyName.name(of: other)) is not a digit; the digit pressed is the rating (1-9, 0 for 10)", inConfigFile: true)
            }
            entries[name] = KeyRebinding.Entry(keys: keys, origin: origin)
        }
        guard !entries.isEmpty else { return }
        KeyRebinding.install(entries)
        let known = Set(KeyCatalogue.names)
        if let unknown = entries.filter({ !known.contains($0.key) }).min(by: { $0.value.origin < $1.value.origin }) {
            throw UsageError(
                message: "\(unknown.value.origin): unknown action '\(SettingsTable.shown(unknown.key))' in \(prefix)\(SettingsTable.shown(unknown.key)); "
                    + "'discover-tui help keys' lists the actions", inConfigFile: true)
        }
        if let message = conflict(in: KeyCatalogue.scenes) { throw UsageError(message: message, inConfigFile: true) }
    }

    /// The first key that does two things in one scene where the config file set either,
    /// as a message naming the line, the key and both actions; nil when there is none. A
    /// scene's keys are checked against each other and against the global keys (which the
    /// program reads first).
    /// - Parameter scenes: the key maps, the global one titled `KeyCatalogue.everywhereTitle`.
    /// - Returns: the message, or nil.
    static func conflict(in scenes: [KeyCatalogue.Scene]) -> String? {
        let global = scenes.first { $0.title == KeyCatalogue.everywhereTitle }?.rows ?? []
        for scene in scenes {
            let rows = scene.title == KeyCatalogue.everywhereTitle ? global : scene.rows + global
            for (index, row) in rows.enumerated() {
                for other in rows[(index + 1)...] where other.name != row.name {
                    guard let key = row.keys.first(where: other.keys.contains), row.origin != nil || other.origin != nil else { continue }
                    let (set, earlier) = row.origin != nil ? (row, other) : (other, row)
                    return "\(set.origin ?? ""): \(prefix)\(set.name) binds \(KeyName.name(of: key)), which is already \(earlier.name) "
                        + "in \(scene.title); one key does one thing: give \(earlier.name) another key (\(prefix)\(earlier.name) = ...) or choose another for \(set.name)"
                }
            }
        }
        return nil
    }
}
