import Domain
import Terminal

/// The shows list's genre, network and services picker (`n`): the choices while it is open,
/// the selection and scroll (`PickerView`), what was typed to jump to a choice, its keys and
/// its drawing. The list's ViewController opens it with the choices and asks for the
/// narrowing it chose.
package struct NarrowPicker {
    /// What the picker's keys do.
    package enum Action: Sendable {
        case move(ListMove), choose, close
    }

    /// What a key did to the picker.
    enum Outcome: Equatable {
        /// The picker took the key and stays open.
        case handled
        /// A line was chosen (nil: every show); the picker closed.
        case chose(PopularList.Narrow.Choice?)
        /// The picker closed without a choice.
        case closed
    }

    /// The picker's key map.
    package static let keyMap: [KeyBinding<Action>] =
        ListMove.bindings(.init(top: "First choice", bottom: "Last choice"), action: Action.move)
        + [
            KeyBinding("choose", keys: [.enter], label: "⏎", help: "Narrow to the choice", action: .choose),
            KeyBinding("close", keys: [.escape, .character("n"), .character("q")], label: "Esc n q", help: "Close, keep the narrowing", action: .close)
        ].rebound()

    /// The help overlay's entries: the key map, then type-to-jump.
    package static var helpEntries: [HelpEntry] {
        keyMap.helpEntries() + [HelpEntry(keys: "letters", action: "Jump to the first choice whose name starts with them")]
    }

    /// The choices while the picker is open; nil when it is closed.
    private(set) var choices: PopularList.Narrow.ViewModel?
    /// What was typed to jump to a choice (cleared by a move).
    private var jumpPrefix = ""
    /// The selection and scroll.
    private var picker = PickerView()

    /// Makes a closed picker.
    init() {}

    /// Opens the picker on choices, the narrowing in force selected.
    mutating func open(_ choices: PopularList.Narrow.ViewModel) {
        self.choices = choices
        jumpPrefix = ""
        picker.select(choices.currentIndex, count: choices.lines.count)
    }

    /// A key while the picker is open: a move, Enter chooses, Esc (or n, q) closes it; a
    /// character jumps (`jump`); the others do nothing.
    /// - Returns: what the key did (`.closed` when the picker was not open).
    mutating func handle(_ key: Key) -> Outcome {
        guard let choices else { return .closed }
        switch Self.keyMap.action(for: key) as Action? {
        case .move(let move):
            jumpPrefix = ""
            picker.move(move, count: choices.lines.count)
        case .choose:
            self.choices = nil
            // An index outside the lines (none to choose) closes the picker without a choice.
            guard choices.lines.indices.contains(picker.index) else { return .closed }
            return .chose(choices.lines[picker.index].choice)
        case .close:
            self.choices = nil
            return .closed
        case nil:
            jump(key, in: choices)
        }
        return .handled
    }

    /// Draws the open picker over the list (nothing when it is closed).
    @MainActor
    mutating func draw(on canvas: Canvas, in rect: Rect) {
        guard let choices else { return }
        picker.draw(
            on: canvas, in: rect,
            content: .init(
                title: "Narrow",
                items: choices.lines.enumerated().map { .init(label: $1.label, isCurrent: $0 == choices.currentIndex) }))
    }

    /// Type-to-jump: a character the picker's keys do not take goes on the typed prefix, and
    /// the selection moves to the first choice whose name (after `Genre: `, `Network: `) starts
    /// with it (case and accents aside); when none does, to the next choice after the
    /// selection that starts with that character alone. Backspace takes the last character back.
    private mutating func jump(_ key: Key, in choices: PopularList.Narrow.ViewModel) {
        // A choice's name, after its kind (`Genre: Drama` is found by `d`).
        let labels = choices.lines.map { line in
            SearchFolding.fold(line.label.firstRange(of: ": ").map { String(line.label[$0.upperBound...]) } ?? line.label)
        }
        switch key {
        case .character(let c):
            let typed = SearchFolding.fold(String(c))
            if let index = labels.firstIndex(where: { $0.hasPrefix(jumpPrefix + typed) }) {
                jumpPrefix += typed
                picker.select(index, count: labels.count)
            } else {
                let after = labels.indices.map { (picker.index + 1 + $0) % max(1, labels.count) }
                if let index = after.first(where: { labels[$0].hasPrefix(typed) }) { picker.select(index, count: labels.count) }
                jumpPrefix = typed
            }
        case .backspace:
            jumpPrefix = String(jumpPrefix.dropLast())
            if let index = labels.firstIndex(where: { $0.hasPrefix(jumpPrefix) }), !jumpPrefix.isEmpty { picker.select(index, count: labels.count) }
        default:
            break
        }
    }
}
