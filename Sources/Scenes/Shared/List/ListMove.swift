import Terminal

/// A move of a list's selection or of a page's scroll position: the one definition of the
/// navigation keys (`↑ k`, `↓ j`, `PgUp Ctrl-B`, `PgDn Ctrl-F Space`, `Home g`, `End G`) that
/// every list, picker and scrolled page binds, so that they move the same way everywhere.
package enum ListMove: Sendable, Equatable {
    /// One row up.
    case up
    /// One row down.
    case down
    /// A page up.
    case pageUp
    /// A page down.
    case pageDown
    /// The first row.
    case top
    /// The last row.
    case bottom

    /// What each move says in the help overlay, for example `Move up` or `Nearest place`.
    package struct Help: Sendable {
        /// Help for ↑.
        var up = "Move up"
        /// Help for ↓.
        var down = "Move down"
        /// Help for PgUp.
        var pageUp = "Page up"
        /// Help for PgDn.
        var pageDown = "Page down"
        /// Help for Home.
        var top: String
        /// Help for End.
        var bottom: String

        /// The help of a scrolled page: `Scroll up`, `Scroll down`, `Top`, `Bottom`.
        static let page = Help(up: "Scroll up", down: "Scroll down", top: "Top", bottom: "Bottom")
    }

    /// Which keys a list binds besides the arrows and PgUp/PgDn.
    package enum Keys: Sendable {
        /// Also the letters `k j g G`, `Ctrl-B` `Ctrl-F`, and Space for a page down.
        case letters
        /// The letters, but Space is the list's own (a picker chooses with it).
        case lettersWithoutSpace
        /// Only ↑ ↓ PgUp PgDn: letters are typed into a field.
        case arrowsOnly
    }

    /// The key bindings of the moves, in the order the help overlay lists them.
    /// - Parameters:
    ///   - help: what each move says.
    ///   - keys: which keys besides the arrows and PgUp/PgDn.
    ///   - action: the scene's action for a move.
    /// - Returns: up, down, page up, page down, and (unless `arrowsOnly`) top and bottom.
    package static func bindings<Action>(_ help: Help, keys: Keys = .letters, action: (ListMove) -> Action) -> [KeyBinding<Action>] {
        guard keys != .arrowsOnly else {
            return [
                KeyBinding("up", keys: [.up], label: "↑", help: help.up, action: action(.up)),
                KeyBinding("down", keys: [.down], label: "↓", help: help.down, action: action(.down)),
                KeyBinding("page-up", keys: [.pageUp], label: "PgUp", help: help.pageUp, action: action(.pageUp)),
                KeyBinding("page-down", keys: [.pageDown], label: "PgDn", help: help.pageDown, action: action(.pageDown))
            ]
        }
        let space = keys == .letters
        return [
            KeyBinding("up", keys: [.up, .character("k")], label: "↑ k", help: help.up, action: action(.up)),
            KeyBinding("down", keys: [.down, .character("j")], label: "↓ j", help: help.down, action: action(.down)),
            KeyBinding("page-up", keys: [.pageUp, .control("b")], label: "PgUp", help: help.pageUp, action: action(.pageUp)),
            KeyBinding(
                "page-down", keys: [.pageDown, .control("f")] + (space ? [.character(" ")] : []), label: space ? "PgDn Space" : "PgDn",
                help: help.pageDown, action: action(.pageDown)),
            KeyBinding("top", keys: [.home, .character("g")], label: "Home g", help: help.top, action: action(.top)),
            KeyBinding("bottom", keys: [.end, .character("G")], label: "End G", help: help.bottom, action: action(.bottom))
        ].rebound()
    }

    /// Where the move goes from a row, not yet clamped to the rows.
    /// - Parameters:
    ///   - index: the current row, from 0.
    ///   - count: how many rows there are.
    ///   - page: the rows on screen; a page move goes one less, so one row stays in view.
    /// - Returns: the wanted row (may be out of range; `.bottom` is `count - 1`).
    package func target(from index: Int, count: Int, page: Int) -> Int {
        let step = max(1, page - 1)
        switch self {
        case .up: return index - 1
        case .down: return index + 1
        case .pageUp: return index - step
        case .pageDown: return index + step
        case .top: return 0
        case .bottom: return count - 1
        }
    }
}
