import Scenes
import Terminal

/// The `:` palette: every action of the scene on screen and of every section, and the
/// commands that take an argument (`PaletteCommand`), each with its description and keywords,
/// filtered as the person types by the list's own matcher (`NameFilter`); Enter runs the
/// one picked, ↑ on an empty line recalls earlier commands, Esc closes.
struct CommandPalette {
    /// One row of the palette: an action (run by its first key) or a command.
    struct Entry: Equatable {
        /// The action's or command's name, as typed after `:`.
        let name: String
        /// What it does.
        let help: String
        /// Its keys now, in the config's spelling (empty for an unbound action); for a command,
        /// the argument it takes (`ORDER`).
        let keys: String
        /// The key that runs an action; nil for a command, or an action with no key.
        let key: Key?
        /// The command, for a command row.
        let command: PaletteCommand?
    }

    /// What a key in the palette leads to.
    enum Outcome: Equatable {
        /// The palette stays open.
        case stay
        /// The palette closes and nothing runs.
        case close
        /// The palette closes and this runs; `line` is what goes into the history.
        case run(PaletteRun, line: String)
    }

    /// Every row, in table order: the scene's actions, the global ones, then the commands.
    let entries: [Entry]
    /// The rows' names, keywords and descriptions, folded for the matcher.
    private let filter: NameFilter
    /// The rows' names alone: a row whose name matches comes before one matched elsewhere.
    private let nameFilter: NameFilter
    /// The widest name, in cells (names are ASCII), worked out once for the view.
    let nameWidth: Int
    /// The text typed after `:`.
    private(set) var text = ""
    /// The rows that match the text's first word, best first.
    private(set) var shown: [Int]
    /// The picked row, as an index into `shown`.
    private(set) var selected = 0
    /// Earlier command lines, oldest first.
    private(set) var history: [String]
    /// The history line on the input, counted back from the newest; nil when typing.
    private var recalled: Int?
    /// The folded first word the rows were last filtered by, and the rows it matched (in table
    /// order): a longer word only keeps some of them, so it looks among those alone.
    private var filtered: (query: [UInt8], matches: [Int]) = ([], [])
    /// How many times the rows were filtered (for the tests: typing an argument filters nothing).
    private(set) var filterCount = 0

    /// Makes a palette over actions and commands.
    /// - Parameters:
    ///   - actions: the scene's actions then the global ones (duplicates by name dropped);
    ///     the commands follow, even one named as an action (`sort`: the key cycles, the
    ///     command takes the order's name).
    ///   - history: earlier command lines, oldest first.
    init(actions: [KeyActionRow], history: [String]) {
        var seen: Set<String> = []
        var rows: [Entry] = []
        for row in actions where seen.insert(row.name).inserted {
            rows.append(Entry(name: row.name, help: row.help, keys: row.keys.map(KeyName.name).joined(separator: " "), key: row.keys.first, command: nil))
        }
        for command in PaletteCommand.allCases {
            rows.append(Entry(name: command.rawValue, help: command.help, keys: command.argument, key: nil, command: command))
        }
        entries = rows
        nameWidth = rows.map(\.name.count).max() ?? 0
        let keywords = rows.map { row in row.command?.keywords ?? "" }
        filter = NameFilter(names: zip(rows, keywords).map { "\($0.name) \($1) \($0.help)" })
        nameFilter = NameFilter(names: rows.map(\.name))
        shown = Array(rows.indices)
        filtered = ([], Array(rows.indices))
        self.history = history
    }

    /// The row picked, if any row matches.
    var selectedEntry: Entry? { shown.indices.contains(selected) ? entries[shown[selected]] : nil }

    /// Handles a key.
    /// - Parameter key: the key.
    /// - Returns: whether the palette stays, closes, or runs something.
    mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .escape, .control("c"), .control("g"): return .close
        case .enter: return run()
        case .backspace:
            guard !text.isEmpty else { return .close }
            set(String(text.dropLast()))
        case .control("u"): set("")
        case .up where text.isEmpty || recalled != nil: recall(older: true)
        case .down where recalled != nil: recall(older: false)
        case .up, .control("p"): selected = max(0, selected - 1)
        case .down, .control("n"), .tab: selected = min(max(0, shown.count - 1), selected + 1)
        case .character(let character): set(text + String(character))
        default: break
        }
        return .stay
    }

    /// Types text (a paste) at the end of the line.
    /// - Parameter typed: the text, one line.
    mutating func type(_ typed: String) {
        set(text + typed)
    }

    /// Runs the line: a command word with its argument, an action's name, else the row picked.
    private mutating func run() -> Outcome {
        let words = text.split(separator: " ", maxSplits: 1).map(String.init)
        let word = words.first?.lowercased() ?? ""
        let argument = words.count > 1 ? words[1].trimming(.whitespaces) : ""
        // With an argument the command of that name runs, even where an action shares it.
        let named = argument.isEmpty ? entries.first { $0.name == word } : entries.first { $0.name == word && $0.command != nil }
        let entry = named ?? entries.first { $0.name == word } ?? selectedEntry
        guard let entry else { return .run(.message("No action or command matches '\(text)'"), line: "") }
        if let command = entry.command {
            if argument.isEmpty && command.needsArgument {
                set(command.rawValue + " ")
                return .stay
            }
            return .run(command.run(argument: argument), line: command.rawValue + (argument.isEmpty ? "" : " " + argument))
        }
        guard let key = entry.key else {
            return .run(.message("\(entry.name) has no key now; give it one with key.\(entry.name) = KEY in the config file"), line: entry.name)
        }
        return .run(.key(key), line: entry.name)
    }

    /// Sets the line and filters the rows by its first word.
    private mutating func set(_ line: String) {
        text = line
        recalled = nil
        refilter()
    }

    /// Shows the rows matching the line's first word, best first (those whose name matches
    /// before those matched by a keyword or the description), the best picked. Nothing is
    /// done while the word stays the same (an argument being typed); a word that extends the
    /// last one looks only among the rows that one matched, and the names only among those.
    private mutating func refilter() {
        let word = text.split(separator: " ").first.map(String.init) ?? ""
        let query = NameFilter.fold(word)
        guard query != filtered.query else { return }
        filterCount += 1
        let extends = query.count > filtered.query.count && query.starts(with: filtered.query)
        let all = filter.search(query, among: extends ? filtered.matches : nil)
        let byName = nameFilter.search(query, among: all.matches).ranked
        var named = [Bool](repeating: false, count: entries.count)
        for index in byName { named[index] = true }
        shown = byName + all.ranked.filter { !named[$0] }
        filtered = (query, all.matches)
        selected = 0
    }

    /// Puts an older or newer history line on the input (newer past the newest: empty).
    private mutating func recall(older: Bool) {
        guard !history.isEmpty else { return }
        let next = older ? (recalled.map { $0 + 1 } ?? 0) : (recalled ?? 0) - 1
        guard next < history.count else { return }
        if next < 0 {
            set("")
            return
        }
        text = history[history.count - 1 - next]
        recalled = next
        refilter()
    }
}
