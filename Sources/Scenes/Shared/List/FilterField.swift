import Terminal

/// The name filter of a list (`/`): its text, whether it is being typed, the keys that edit
/// it, and the bar that shows it under the list. Shared by the list scenes so that the filter
/// behaves the same everywhere.
struct FilterField {
    /// What a key did to the field.
    enum Outcome: Equatable {
        /// Not a key of the field: the scene handles it (arrows still move the selection).
        case ignored
        /// Used, the text unchanged (Enter keeps the filter and stops typing).
        case handled
        /// Used, and the text is now this: ask the Interactor to filter again.
        case changed(String)
    }

    /// The text typed so far.
    private(set) var text = ""
    /// True while keys type into the field.
    private(set) var isEditing = false

    /// True when the bar is shown: while typing, or while a filter is kept.
    var isVisible: Bool { isEditing || !text.isEmpty }

    /// Starts typing (`/`).
    mutating func begin() {
        isEditing = true
    }

    /// Clears a kept filter (Esc on the list, after `/text` then Enter).
    /// - Returns: `.changed("")` when there was text, else `.ignored`.
    mutating func clearKept() -> Outcome {
        guard !text.isEmpty else { return .ignored }
        isEditing = false
        return set("")
    }

    /// Keeps a filter as if typed and then kept with Enter (`discover-tui search QUERY`).
    /// - Parameter newText: the text.
    /// - Returns: `.changed(newText)` when it differs from the text, else `.handled`.
    mutating func keep(_ newText: String) -> Outcome {
        isEditing = false
        return set(newText)
    }

    /// Handles a key while typing: text appends, Backspace deletes (and on an empty field stops
    /// typing), Ctrl-W deletes the word before the cursor, Ctrl-U clears, Esc clears and stops,
    /// Enter keeps the text and stops. Left and Right are taken and do nothing (the cursor stays
    /// at the end), so they never move or open the list while typing; so are Alt combinations.
    /// - Parameter key: the key.
    /// - Returns: what the key did.
    mutating func handle(_ key: Key) -> Outcome {
        guard isEditing else { return .ignored }
        switch key {
        case .escape:
            isEditing = false
            return set("")
        case .enter:
            isEditing = false
            return .handled
        case .backspace:
            if text.isEmpty {
                isEditing = false
                return .handled
            }
            return set(String(text.dropLast()))
        case .control("u"):
            return set("")
        case .control("w"):
            return set(Self.deletingLastWord(text))
        case .character(let c):
            return set(text + String(c))
        case .left, .right, .alt:
            return .handled
        default:
            return .ignored
        }
    }

    /// Takes pasted text while typing: it is added to the end, as text (never as keys).
    /// - Parameter pasted: the text, already one line.
    /// - Returns: what it did; `.ignored` when not typing.
    mutating func insert(_ pasted: String) -> Outcome {
        guard isEditing else { return .ignored }
        return set(text + pasted)
    }

    /// The text without its last word, as Ctrl-W does in a shell (readline's
    /// `unix-word-rubout`): the spaces before the cursor, then the characters up to the previous
    /// space, go. `"Kız Kulesi"` → `"Kız "`; `"Kız "` → `""`.
    /// - Parameter text: the text, the cursor at its end.
    /// - Returns: the shortened text.
    static func deletingLastWord(_ text: String) -> String {
        var rest = Substring(text)
        while let last = rest.last, last.isWhitespace { rest.removeLast() }
        while let last = rest.last, !last.isWhitespace { rest.removeLast() }
        return String(rest)
    }

    private mutating func set(_ newText: String) -> Outcome {
        guard newText != text else { return .handled }
        text = newText
        return .changed(newText)
    }

    /// Draws the bar on one row: `/`, the end of the text (where the typing is) with a cursor
    /// while typing, and the count on the right when there is room.
    /// - Parameters:
    ///   - canvas: the canvas.
    ///   - y: the row.
    ///   - rect: the list's rectangle (for the columns).
    ///   - countLabel: for example `12 of 700 shows`.
    ///   - symbols: the interface's symbols.
    @MainActor
    func draw(on canvas: Canvas, row y: Int, in rect: Rect, countLabel: String, symbols: Symbols) {
        canvas.fill(row: y, column: rect.column, width: rect.width, role: .normal)
        let used = canvas.put("/", row: y, column: rect.column, maxWidth: rect.width, role: .accent)
        let count = " " + countLabel
        let countWidth = canvas.text.width(count)
        var shown = text + (isEditing ? symbols.cursor : "")
        let shownWidth = canvas.text.width(shown)
        // The count gives way to the query: it shows only when the whole query fits beside it.
        let showCount = rect.width - used >= countWidth + max(4, shownWidth)
        let room = rect.width - used - (showCount ? countWidth : 0)
        if shownWidth > room {
            // Scrolled so that the end and the cursor show, with a mark that the start is off.
            let mark = canvas.text.repertoire == .unicode ? "…" : "<"
            while canvas.text.width(shown) > room - 1, !shown.isEmpty { shown.removeFirst() }
            shown = mark + shown
        }
        canvas.put(shown, row: y, column: rect.column + used, maxWidth: room, role: .normal)
        if showCount {
            canvas.put(count, row: y, column: rect.right - countWidth, maxWidth: countWidth, role: .dim)
        }
    }
}
