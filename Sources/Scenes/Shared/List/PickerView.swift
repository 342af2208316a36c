import Terminal

/// A picker: a bordered box over a scene with a title, an optional line being typed, a list of
/// choices with the selected one in reverse video and the current one ticked (`✓`, `*` in
/// ASCII), and a message under them. The shows' genre and network picker, the places' category
/// picker and their city search are one of these each.
struct PickerView {
    /// One choice.
    struct Item: Equatable {
        /// The choice, for example `Café` or `Springfield`.
        var label: String
        /// What more is said of it, drawn dim in a second column (a city's region); "" for none.
        var detail = ""
        /// True for the choice in force (ticked).
        var isCurrent = false
        /// The label's role when not selected (`.accent` for an action such as "Ask online").
        var role: TextRole = .normal
    }

    /// What a scene gives to draw the picker.
    struct Content {
        /// The box's title.
        var title: String
        /// The text being typed after its label (`City: `), or nil for a picker without one.
        var field: (label: String, text: String)?
        /// The choices.
        var items: [Item]
        /// A line under the choices (searching, nothing found, a failure), or nil.
        var message: String?
        /// Whether `message` reports a failure.
        var messageIsError = false
        /// The box's width in cells; nil to fit the longest label.
        var width: Int?
    }

    /// The selected choice, from 0.
    private(set) var index = 0
    /// Where the choices were last drawn, for mouse clicks.
    private(set) var rowsFrame = ListRowsFrame()
    /// How many choices the box showed last (a page).
    private var page = 8

    /// Selects a choice, clamped to the choices.
    mutating func select(_ newIndex: Int, count: Int) {
        index = max(0, min(newIndex, count - 1))
    }

    /// Moves the selection by a navigation key's move.
    mutating func move(_ move: ListMove, count: Int) {
        select(move.target(from: index, count: count, page: page), count: count)
    }

    /// Handles a mouse click on a choice: selects it; a second click on the selected one
    /// returns `.open` (take the choice).
    /// - Returns: what it did, or nil when the click fell outside the choices.
    mutating func click(_ click: SceneClick, count: Int) -> ListClick? {
        guard let clicked = rowsFrame.index(row: click.row, column: click.column), clicked < count else { return nil }
        if click.count == 2 && clicked == index { return .open }
        select(clicked, count: count)
        return .selected
    }

    /// The first choice to show so that the selected one is in the middle of the box.
    static func firstVisible(selected: Int, count: Int, room: Int) -> Int {
        guard room > 0, count > room else { return 0 }
        return max(0, min(selected - room / 2, count - room))
    }

    /// Draws the box centred in `rect` (nothing when there is no room for 12 × 4 cells).
    @MainActor
    mutating func draw(on canvas: Canvas, in rect: Rect, content: Content) {
        rowsFrame = ListRowsFrame()
        let items = content.items
        let fitted = max(24, (items.map { canvas.text.width($0.label) }.max() ?? 10) + 10)
        let wanted = content.width ?? fitted
        let width = min(wanted, rect.width - 2)
        // The message is word-wrapped on up to four lines at the bottom of the box.
        let messageLines = content.message.map { Array(canvas.text.wrap($0, toCells: max(1, min(wanted, rect.width - 2) - 4)).prefix(4)) } ?? []
        let fieldRows = content.field == nil ? 0 : 2
        let height = min(rect.height, max(content.field == nil ? 4 : 8, items.count + messageLines.count + fieldRows + 2))
        guard width >= 12, height >= 4 else { return }
        let frame = Rect(row: rect.row + max(0, (rect.height - height) / 2), column: rect.column + (rect.width - width) / 2, height: height, width: width)
        let inside = BoxFrame.draw(on: canvas, frame: frame, title: content.title)
        let symbols = Symbols(canvas.text.repertoire)
        if let field = content.field {
            let used = canvas.put(field.label, row: inside.row, column: inside.column, maxWidth: inside.width, role: .accent)
            var shown = field.text + symbols.cursor
            while canvas.text.width(shown) > inside.width - used, !shown.isEmpty { shown.removeFirst() }
            canvas.put(shown, row: inside.row, column: inside.column + used, maxWidth: inside.width - used, role: .normal)
        }
        let top = inside.row + fieldRows
        let messageRows = min(messageLines.count, max(0, inside.bottom - top - 1))
        let room = max(0, inside.bottom - top - messageRows)
        page = max(1, room)
        let first = Self.firstVisible(selected: index, count: items.count, room: room)
        rowsFrame = ListRowsFrame(top: top, left: inside.column - 1, width: inside.width + 2, rows: max(0, min(room, items.count - first)), first: first)
        let hasDetails = items.contains { !$0.detail.isEmpty }
        let nameWidth = hasDetails ? min(24, max(8, inside.width / 3)) : inside.width - 3
        let tick = canvas.text.repertoire == .unicode ? "✓" : "*"
        for (i, item) in items.enumerated().dropFirst(first).prefix(room) {
            let y = top + i - first
            let selected = i == index
            func role(_ normal: TextRole) -> TextRole { selected ? .selected : normal }
            if selected { canvas.fill(row: y, column: inside.column - 1, width: inside.width + 2, role: .selected) }
            canvas.put(selected ? symbols.pointer : " ", row: y, column: inside.column - 1, maxWidth: 1, role: role(.accent))
            let labelWidth = item.detail.isEmpty && item.role != .normal ? inside.width - 1 : nameWidth
            canvas.put(item.label, row: y, column: inside.column + 1, maxWidth: labelWidth, role: role(item.role))
            if !item.detail.isEmpty {
                canvas.put(item.detail, row: y, column: inside.column + 2 + nameWidth, maxWidth: max(0, inside.width - nameWidth - 2), role: role(.dim))
            }
            if item.isCurrent {
                canvas.put(tick, row: y, column: inside.right - 1, maxWidth: 1, role: role(.accent))
            }
        }
        for (i, line) in messageLines.prefix(messageRows).enumerated() {
            canvas.put(line, row: inside.bottom - messageRows + i, column: inside.column, maxWidth: inside.width, role: content.messageIsError ? .error : .dim)
        }
    }
}
