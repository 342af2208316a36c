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
            PaletteRunning.perform(run, in: self)
        }
    }
}
