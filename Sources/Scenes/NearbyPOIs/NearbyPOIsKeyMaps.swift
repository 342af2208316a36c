import Terminal

/// The places scene's key maps: the data that decides what a key does in each view (the list,
/// a place's details, the category picker, the city search), and that the help overlay and the
/// manual list.
package enum NearbyPOIsKeyMaps {
    /// What the list's keys do.
    package enum Action: Sendable {
        case move(ListMove), open, walk, filter, clearFilter, category, wider, narrower, city, toggleMap, reload, favourite, openNow, openOnArrival, zoomIn, zoomOut, pan(east: Int, north: Int), quit
    }

    /// What the detail view's keys do.
    package enum DetailAction: Sendable {
        case scroll(ListMove), back, favourite, copyID, copyWebsite
    }

    /// What the pickers' keys do.
    package enum PickerAction: Sendable {
        case move(ListMove), choose, cancel, erase, eraseWord, clear
    }

    /// The list's key map; the help overlay lists it.
    package static let keyMap: [KeyBinding<Action>] =
        ListMove.bindings(.init(top: "Nearest place", bottom: "Farthest place loaded"), action: Action.move)
        + [
            KeyBinding("open", keys: [.enter, .right, .character("l")], label: "⏎ → l", help: "Show the place's details", action: .open),
            KeyBinding("walk", keys: [.character("w")], label: "w", help: "The walk there by the streets, turn by turn", action: .walk),
            KeyBinding("filter", keys: [.character("/")], label: "/", help: "Filter by name (Esc clears, ⏎ keeps)", action: .filter),
            KeyBinding("clear-filter", keys: [.escape], label: "Esc", help: "Clear a kept filter", action: .clearFilter),
            KeyBinding("category", keys: [.character("c")], label: "c", help: "Choose a category", action: .category),
            KeyBinding("wider", keys: [.character("+"), .character("=")], label: "+", help: "Widen the radius (up to 25 km)", action: .wider),
            KeyBinding("narrower", keys: [.character("-"), .character("_")], label: "-", help: "Narrow the radius (down to 250 m)", action: .narrower),
            KeyBinding("city", keys: [.character("L")], label: "L", help: "Find a city to search around", action: .city),
            KeyBinding("map", keys: [.character("m")], label: "m", help: "Show or hide the map (under 100 columns)", action: .toggleMap),
            KeyBinding("reload", keys: [.character("r")], label: "r", help: "Search again", action: .reload),
            KeyBinding("favourite", keys: [.character("f")], label: "f", help: "Add to or remove from favourites (♥)", action: .favourite),
            KeyBinding("open-now", keys: [.character("o")], label: "o", help: "List only places open now, or all again", action: .openNow),
            KeyBinding("open-on-arrival", keys: [.character("O")], label: "O", help: "List only places open when you get there (now plus the ~walk)", action: .openOnArrival),
            KeyBinding("zoom-in", keys: [.character("z")], label: "z", help: "Zoom the map in", action: .zoomIn),
            KeyBinding("zoom-out", keys: [.character("Z")], label: "Z", help: "Zoom the map out", action: .zoomOut),
            KeyBinding("pan-north", keys: [.character("W")], label: "W", help: "Pan the map north (no new search)", action: .pan(east: 0, north: 1)),
            KeyBinding("pan-west", keys: [.character("A")], label: "A", help: "Pan the map west", action: .pan(east: -1, north: 0)),
            KeyBinding("pan-south", keys: [.character("S")], label: "S", help: "Pan the map south", action: .pan(east: 0, north: -1)),
            KeyBinding("pan-east", keys: [.character("D")], label: "D", help: "Pan the map east", action: .pan(east: 1, north: 0)),
            KeyBinding("quit", keys: [.character("q")], label: "q", help: "Quit", action: .quit)
        ].rebound()

    /// The detail view's key map.
    package static let detailKeyMap: [KeyBinding<DetailAction>] =
        ListMove.bindings(.page, action: DetailAction.scroll)
        + [
            KeyBinding("back", keys: [.escape, .left, .character("h"), .backspace, .character("q")], label: "Esc ← h q", help: "Back to the list", action: .back),
            KeyBinding("favourite", keys: [.character("f")], label: "f", help: "Add to or remove from favourites (♥)", action: .favourite),
            KeyBinding("copy-id", keys: [.character("y")], label: "y", help: "Copy the whole source id to the clipboard (OSC 52)", action: .copyID),
            KeyBinding("copy-website", keys: [.character("Y")], label: "Y", help: "Copy the whole web address to the clipboard (OSC 52)", action: .copyWebsite)
        ].rebound()

    /// The category picker's key map (Space chooses, so it does not page).
    package static let categoryKeyMap: [KeyBinding<PickerAction>] =
        ListMove.bindings(
            .init(up: "Previous category", down: "Next category", top: "All categories", bottom: "Last category"),
            keys: .lettersWithoutSpace, action: PickerAction.move
        )
        + [
            KeyBinding("choose", keys: [.enter, .character(" ")], label: "⏎ Space", help: "Search this category", action: .choose),
            KeyBinding("close", keys: [.escape, .character("c"), .character("q")], label: "Esc c q", help: "Close, keep the category", action: .cancel)
        ].rebound()

    /// The city search's key map (letters are typed into the name).
    package static let cityKeyMap: [KeyBinding<PickerAction>] =
        ListMove.bindings(
            .init(up: "Previous city", down: "Next city", top: "", bottom: ""), keys: .arrowsOnly, action: PickerAction.move
        )
        + [
            KeyBinding("choose", keys: [.enter], label: "⏎", help: "Search around the city (or ask online)", action: .choose),
            KeyBinding("erase", keys: [.backspace], label: "⌫", help: "Erase a letter", action: .erase),
            KeyBinding("erase-word", keys: [.control("w")], label: "Ctrl-W", help: "Erase the last word", action: .eraseWord),
            KeyBinding("clear", keys: [.control("u")], label: "Ctrl-U", help: "Clear the name", action: .clear),
            KeyBinding("close", keys: [.escape], label: "Esc", help: "Close, keep the place", action: .cancel)
        ].rebound()
}

extension NearbyPOIsKeyMaps.Action: RowActing {
    var actsOnRows: Bool {
        switch self {
        case .move, .open, .walk, .favourite: true
        default: false
        }
    }
}
