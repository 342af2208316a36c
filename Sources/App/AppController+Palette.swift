import FoundationEssentials
import Scenes
import Terminal

#if canImport(Glibc)
    import Glibc
#endif

extension AppController {
    /// Opens the `:` palette over the scene on top's actions, the global ones and the commands.
    func openPalette() {
        guard let top else { return }
        if paletteLines == nil { paletteLines = paletteHistory?.load() ?? [] }
        palette = CommandPalette(actions: KeyCatalogue.rows(for: top) + GlobalKeys.keyMap.actionRows(), history: paletteLines ?? [])
    }

    /// A key while the palette is open: it filters, moves, closes, or runs the line.
    func handlePaletteKey(_ key: Key) {
        guard var open = palette else { return }
        let outcome = open.handle(key)
        palette = open
        switch outcome {
        case .stay: return
        case .close: palette = nil
        case .run(let run, let line):
            palette = nil
            if !line.isEmpty { paletteLines = paletteHistory.map { $0.add(line, to: paletteLines ?? []) } ?? paletteLines }
            perform(run)
        }
    }

    /// Does what a palette line asks.
    private func perform(_ run: PaletteRun) {
        switch run {
        case .key(let key):
            handle(key: key)
        case .theme(let choice):
            session?.screen.apply(theme: choice.theme(environment: ["COLORFGBG": getenv("COLORFGBG").map { String(cString: $0) } ?? ""]))
            session?.forceFullRepaint()
        case .rate(let rating):
            guard let top, KeyCatalogue.rows(for: top).contains(where: { $0.name == "rate" }) else {
                return say("Nothing to rate here: open a show's details or an episode")
            }
            handle(key: .character(rating == 10 ? "0" : Character(String(rating))))
        case .stats:
            guard let key = KeyCatalogue.scenes.first(where: { $0.title == "Favourites" })?.rows.first(where: { $0.name == "stats" })?.keys.first else {
                return say("stats has no key now; give it one with key.stats = KEY in the config file")
            }
            if let top, !(top is StatsViewController) {
                if !(top is FavouritesViewController) { sectionRouter?.routeToSection(.favourites) }
                self.top.map { _ = $0.handle(key: key) }
            }
        case .message(let text):
            say(text)
        }
        setNeedsDisplay()
    }
}
