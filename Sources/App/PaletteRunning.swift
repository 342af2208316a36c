import Scenes
import Terminal

#if canImport(Glibc)
    import Glibc
#endif

/// Runs what a palette line asks (`PaletteRun`) on the app: a key, a theme, a rating, Stats.
enum PaletteRunning {
    /// Does what a palette line asks.
    /// - Parameters:
    ///   - run: what the line asks.
    ///   - app: the app's controller.
    @MainActor
    static func perform(_ run: PaletteRun, in app: AppController) {
        switch run {
        case .key(let key):
            app.handle(key: key)
        case .theme(let choice):
            app.session?.screen.apply(theme: choice.theme(environment: ["COLORFGBG": getenv("COLORFGBG").map { String(cString: $0) } ?? ""]))
            app.session?.forceFullRepaint()
        case .rate(let rating):
            guard let top = app.top, KeyCatalogue.rows(for: top).contains(where: { $0.name == "rate" }) else {
                return app.say("Nothing to rate here: open a show's details or an episode")
            }
            app.handle(key: .character(rating == 10 ? "0" : Character(String(rating))))
        case .stats:
            guard let key = KeyCatalogue.scenes.first(where: { $0.title == "Favourites" })?.rows.first(where: { $0.name == "stats" })?.keys.first else {
                return app.say("stats has no key now; give it one with key.stats = KEY in the config file")
            }
            if let top = app.top, !(top is StatsViewController) {
                if !(top is FavouritesViewController) { app.sectionRouter?.routeToSection(.favourites) }
                app.top.map { _ = $0.handle(key: key) }
            }
        case .scene(let command, let argument):
            let answer = (app.top as? PaletteCommandTaking)?.perform(command: command, argument: argument) ?? .notHere
            switch answer {
            case .done: break
            case .bad(let text): app.say(text)
            case .notHere:
                let place = PaletteCommand(rawValue: command)?.scene.map { " works in \($0)" } ?? " does nothing here"
                app.say(command + place)
            }
        case .message(let text):
            app.say(text)
        }
        app.setNeedsDisplay()
    }
}
