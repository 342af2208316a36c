import Synchronization
import Terminal

/// The keys the config file gives actions (`key.NAME = KEYS`), installed once at start before
/// any key map is first read: every scene's key map is built from its defaults and these.
package enum KeyRebinding {
    /// One action's keys from the config file.
    package struct Entry: Sendable, Equatable {
        /// The keys (empty: the action is unbound).
        package let keys: [Key]
        /// Where they were set, `PATH line N`.
        package let origin: String

        /// Makes an entry.
        /// - Parameters:
        ///   - keys: the keys (empty to unbind).
        ///   - origin: where they were set, `PATH line N`.
        package init(keys: [Key], origin: String) {
            self.keys = keys
            self.origin = origin
        }
    }

    /// The installed entries by action name.
    private static let installed = Mutex<[String: Entry]>([:])

    /// Installs the config file's keys. Call once at start, before any scene's key map is read
    /// (key maps are built when first read, and keep what they were built with).
    /// - Parameter entries: the entries by action name.
    package static func install(_ entries: [String: Entry]) {
        installed.withLock { $0 = entries }
    }

    /// The entry of an action, if the config file gave one.
    /// - Parameter name: the action's name.
    /// - Returns: its keys and where they were set, or nil for the default.
    package static func entry(for name: String) -> Entry? {
        installed.withLock { $0[name] }
    }
}

extension Array {
    /// The key map with the config file's keys in place of the defaults of the actions it
    /// names (the help overlay's label then lists the new keys).
    package func rebound<A>() -> [KeyBinding<A>] where Element == KeyBinding<A> {
        map { binding in
            guard let entry = KeyRebinding.entry(for: binding.name) else { return binding }
            var rebound = binding
            rebound.keys = entry.keys
            rebound.label = entry.keys.map(KeyName.symbol).joined(separator: " ")
            rebound.origin = entry.origin
            return rebound
        }
    }

    /// A status-bar hint for an action: its first key's symbol and a word (`⏎ open`), or nil
    /// when the action is unbound (the hint is then left out).
    /// - Parameters:
    ///   - name: the action's name.
    ///   - says: the hint's word.
    package func hint<A>(_ name: String, _ says: String) -> String? where Element == KeyBinding<A> {
        hint([name], says)
    }

    /// A status-bar hint for several actions sharing a word (`↑↓ move`, `[ ] year`): each
    /// action's first key, arrows written together, or nil when none is bound.
    /// - Parameters:
    ///   - names: the actions' names.
    ///   - says: the hint's word.
    package func hint<A>(_ names: [String], _ says: String) -> String? where Element == KeyBinding<A> {
        let symbols = names.compactMap { name in first { $0.name == name }.flatMap(Self.hintSymbol) }
        guard !symbols.isEmpty else { return nil }
        let arrows: Set<String> = ["↑", "↓", "←", "→"]
        let keys = symbols.allSatisfy { arrows.contains($0) } ? symbols.joined() : symbols.joined(separator: " ")
        return keys + " " + says
    }

    /// How a hint writes a binding's keys: a range label such as `1-9 0` as `1–9 0`, else the
    /// first key's symbol.
    private static func hintSymbol<A>(_ binding: KeyBinding<A>) -> String? where Element == KeyBinding<A> {
        guard let first = binding.keys.first else { return nil }
        if binding.origin == nil, binding.label.first?.isNumber == true { return binding.label.replacing("-", with: "–") }
        return KeyName.symbol(of: first)
    }
}
