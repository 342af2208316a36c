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

    /// Handles a key while typing: text appends, Backspace deletes (and on an empty field stops
    /// typing), Ctrl-U clears, Esc clears and stops, Enter keeps the text and stops.
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
        case .character(let c):
            return set(text + String(c))
        default:
            return .ignored
        }
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
        let showCount = rect.width - used > countWidth + 4
        let room = rect.width - used - (showCount ? countWidth : 0)
        var shown = text + (isEditing ? symbols.cursor : "")
        while canvas.text.width(shown) > room, !shown.isEmpty { shown.removeFirst() }
        canvas.put(shown, row: y, column: rect.column + used, maxWidth: room, role: .normal)
        if showCount {
            canvas.put(count, row: y, column: rect.right - countWidth, maxWidth: countWidth, role: .dim)
        }
    }
}
