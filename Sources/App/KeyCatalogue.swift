import Scenes
import Terminal

/// Every key map of the full screen by scene, as rows without their Swift types: what
/// `discover-tui help keys`, the config file's `key.NAME` checks and the palette read. Built
/// when first read, after the config file's keys are installed (`KeyConfig.install`).
enum KeyCatalogue {
    /// One scene's (or picker's) actions.
    struct Scene: Sendable, Equatable {
        /// The scene's title, as the help overlay writes it.
        let title: String
        /// Its actions, in the help overlay's order.
        let rows: [KeyActionRow]
    }

    /// The global actions' title.
    static let everywhereTitle = "Everywhere"

    /// Every scene's actions, then the global ones.
    static let scenes: [Scene] = MainActor.assumeIsolated {
        [
            Scene(title: "Popular shows", rows: PopularListViewController.keyMap.actionRows()),
            Scene(title: "Popular shows: narrow (n)", rows: NarrowPicker.keyMap.actionRows()),
            Scene(title: "Show details", rows: ShowDetailViewController.keyMap.actionRows()),
            Scene(title: "Episode guide", rows: EpisodeGuideViewController.keyMap.actionRows()),
            Scene(title: "Person", rows: PersonViewController.keyMap.actionRows()),
            Scene(title: "Tonight, Upcoming and New this week", rows: TonightViewController.keyMap.actionRows()),
            Scene(title: "Places", rows: NearbyPOIsKeyMaps.keyMap.actionRows()),
            Scene(title: "Place details", rows: NearbyPOIsKeyMaps.detailKeyMap.actionRows()),
            Scene(title: "Places: category", rows: NearbyPOIsKeyMaps.categoryKeyMap.actionRows()),
            Scene(title: "Places: find a city", rows: NearbyPOIsKeyMaps.cityKeyMap.actionRows()),
            Scene(title: "Favourites", rows: FavouritesViewController.keyMap.actionRows()),
            Scene(title: "Favourite", rows: FavouritesViewController.detailKeyMap.actionRows()),
            Scene(title: "Continue", rows: ContinueViewController.keyMap.actionRows()),
            Scene(title: "Stats", rows: StatsViewController.keyMap.actionRows()),
            Scene(title: everywhereTitle, rows: GlobalKeys.keyMap.actionRows())
        ]
    }

    /// The actions of the scene on top, for the palette: its key map's rows (none for a scene
    /// this table does not list).
    /// - Parameter scene: the scene on top.
    /// - Returns: its rows.
    @MainActor
    static func rows(for scene: SceneViewController) -> [KeyActionRow] {
        let title: String
        switch scene {
        case is PopularListViewController: title = "Popular shows"
        case is ShowDetailViewController: title = "Show details"
        case is EpisodeGuideViewController: title = "Episode guide"
        case is PersonViewController: title = "Person"
        case is TonightViewController: title = "Tonight, Upcoming and New this week"
        case is NearbyPOIsViewController: title = "Places"
        case is FavouritesViewController: title = "Favourites"
        case is ContinueViewController: title = "Continue"
        case is StatsViewController: title = "Stats"
        default: return []
        }
        return scenes.first { $0.title == title }?.rows ?? []
    }

    /// Every action's name, once each, in table order.
    static var names: [String] {
        var seen: Set<String> = []
        return scenes.flatMap(\.rows).map(\.name).filter { seen.insert($0).inserted }
    }

    /// `discover-tui help keys`: every action of every scene with its keys now (in the config
    /// file's spelling), where they were set (`default`, or the file and line) and what it does.
    static var helpText: String {
        var out = "Keys, by scene: action, keys now, where set, what it does.\n"
        out += "Rebind in the config file: key.ACTION = KEY[, KEY...] (an empty value unbinds).\n"
        for scene in scenes {
            out += "\n\(scene.title):\n"
            for row in scene.rows {
                let keys = row.keys.isEmpty ? "(unbound)" : row.keys.map(KeyName.name).joined(separator: ", ")
                out += "  " + pad(row.name, 18) + pad(keys, 22) + pad(row.origin ?? "default", 10) + row.help + "\n"
            }
        }
        out += "\nPalette commands (:COMMAND ARGUMENT): command, argument, where it works, what it does; keywords.\n"
        for command in PaletteCommand.allCases {
            out += "  " + pad(command.rawValue, 18) + pad(command.argument.isEmpty ? "-" : command.argument, 22)
            out += pad(command.scene == nil ? "anywhere" : "scene", 10) + command.help + " (" + command.keywords + ")\n"
        }
        return out
    }

    /// Text followed by spaces up to a width (at least one space).
    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }
}
