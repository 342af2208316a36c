import Domain
import FoundationEssentials
import Scenes
import Workers

/// The `--help` text, written from the settings table.
enum HelpText {
    /// The column where the help's second column starts (0-based).
    static let secondColumn = 33
    /// The width the help is wrapped to.
    static let width = 80

    /// Words wrapped to `width` columns.
    /// - Parameters:
    ///   - text: the words.
    ///   - width: the widest line, in characters.
    /// - Returns: the lines.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count > width {
                lines.append(line)
                line = String(word)
            } else {
                line += " " + word
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// One row's lines: the flags, then the help in the second column.
    static func lines(for row: SettingRow) -> [String] {
        lines(flags: row.synopsis, help: row.fullHelp)
    }

    /// An option's lines: its flags, then its help wrapped in the second column.
    static func lines(flags: String, help text: String) -> [String] {
        let first = "  " + flags
        let indent = String(repeating: " ", count: secondColumn)
        let help = wrap(text, width: width - secondColumn)
        var out: [String] = []
        var rest = help[...]
        if first.count < secondColumn - 1, let head = rest.popFirst() {
            out.append(first + String(repeating: " ", count: secondColumn - first.count) + head)
        } else {
            out.append(first)
        }
        out += rest.map { indent + $0 }
        return out
    }

    /// The whole help, of the providers the program runs with.
    static var text: String { text(providers: .standard) }

    /// The whole help.
    /// - Parameter providers: the provider table, whose rows the sources section lists.
    static func text(providers: ProviderTable) -> String {
        let general = AppOptions.settings.filter { !$0.flags.isEmpty && $0.scope == .general }
        let places = AppOptions.settings.filter { !$0.flags.isEmpty && $0.scope == .places }
        let variables = AppOptions.settings.compactMap(\.environment)
        let keys = AppOptions.configSchema.keys
        var out = """
            discover-tui \(AppIdentity.version) - popular TV shows and places nearby, in the terminal

            """
        out += "\nUsage: " + AppOptions.commands.map(\.usage).joined(separator: "\n       ") + "\n"
        out += "       discover-tui --check | --help | --version\n\nOptions:\n"
        out += general.flatMap(lines(for:)).joined(separator: "\n") + "\n\n"
        out += "Places options (after 'places'):\n"
        out += places.flatMap(lines(for:)).joined(separator: "\n") + "\n\n"
        out += wrap(keysParagraph, width: width).joined(separator: "\n") + "\n"
        out += "When standard output is not a terminal, the list is printed as plain text.\n\n"
        let settingsParagraph =
            "Keys and defaults: environment variables \(variables.joined(separator: ", ")), NO_COLOR, "
            + "or `key = value` lines in $XDG_CONFIG_HOME/discover-tui/config (default ~/.config/discover-tui/config): "
            + "\(keys.joined(separator: ", ")). Options win over the environment, which wins over the file. "
            + "Keep the file mode 600."
        out += wrap(settingsParagraph, width: width).joined(separator: "\n") + "\n\n"
        out += wrap(exitStatus, width: width).joined(separator: "\n") + "\n\n" + sources(providers)
        return out
    }

    /// The keys of the full-screen app, every screen's, from the key maps (`GeneratedDocs.keySections`).
    static var keysParagraph: String {
        "Keys: arrows or j/k move, Enter opens, / filters, Esc goes back, Tab and Shift-Tab "
            + "cycle Shows, Places, Favourites and Continue, f marks or unmarks a favourite, F opens Favourites, C Continue, "
            + "? or F1 shows the screen's keys, M the last messages, q quits. Every screen's keys "
            + "(discover-tui help COMMAND lists a mode's, with what each does): "
            + GeneratedDocs.keySections.map { section in
                section.title + ": " + section.entries.map(\.keys).joined(separator: ", ")
            }.joined(separator: "; ") + "."
    }

    /// `discover-tui help COMMAND`: the command's usage and what it does, its options, and the keys
    /// of the screens it opens.
    /// - Parameter word: a command word of `AppOptions.commands`.
    /// - Returns: the text.
    static func commandHelp(_ word: String) -> String {
        if word == "keys" { return KeyCatalogue.helpText }
        guard let command = AppOptions.commands.first(where: { $0.word == word }) else { return text }
        var out = "Usage: \(command.usage)\n\n"
        out += wrap(command.help.prefix(1).uppercased() + command.help.dropFirst() + ".", width: width).joined(separator: "\n") + "\n\n"
        let scope: SettingRow.Scope = command.section == .places ? .places : .general
        // After `places`, its own options first, and not the TV source's.
        let tvOnly: Set<String> = ["tv-source", "snapshot", "list", "episodes", "json"]
        let rows =
            AppOptions.settings.filter { !$0.flags.isEmpty && $0.scope == scope }
            + (scope == .places ? AppOptions.settings.filter { !$0.flags.isEmpty && $0.scope == .general && !tvOnly.contains($0.name) } : [])
        if let own = command.ownOptions {
            out += "Options:\n" + own.flatMap { lines(flags: $0.flag, help: $0.help) }.joined(separator: "\n") + "\n"
            return out
        }
        out += "Options:\n" + rows.flatMap(lines(for:)).joined(separator: "\n") + "\n"
        for title in command.keyGroups {
            guard let section = GeneratedDocs.keySections.first(where: { $0.title == title }) else { continue }
            out += "\nKeys, \(section.title):\n"
            for entry in section.entries {
                let keys = "  " + entry.keys
                out += keys + String(repeating: " ", count: max(1, 16 - keys.count)) + entry.action + "\n"
            }
        }
        return out
    }

    /// The exit statuses.
    static let exitStatus =
        "Exit status: 0 on quit, 1 on a runtime error or nothing found, 2 on a usage error, 3 when a source could not be asked "
        + "(tonight, upcoming, premieres: with a sentence on standard error; rate, watched --mark) or when upcoming --ics or premieres --ics "
        + "has no episode to export (nothing written), 128+n on signal n."

    /// The sources and their credits, a row of the provider table each: its name and what it
    /// serves, then the credit its terms ask for, a sentence a line.
    /// - Parameter table: the providers.
    static func sources(_ table: ProviderTable) -> String {
        var out = "Sources and their credits:\n"
        let column = 17
        for row in table.rows {
            let name = "  " + row.name.name
            out += name + String(repeating: " ", count: max(1, column - name.count)) + row.about + "\n"
            let sentences = row.name.credit.split(separator: ". ").map(String.init)
            for (index, sentence) in sentences.enumerated() {
                // The split takes each full stop but the last one's.
                let whole = index == sentences.count - 1 ? sentence : sentence + "."
                out += wrap(whole, width: width - 4).map { "    " + $0 + "\n" }.joined()
            }
        }
        return String(out.dropLast())
    }
}
