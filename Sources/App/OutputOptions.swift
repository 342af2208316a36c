import Domain
import FoundationEssentials
import Scenes
import Workers

/// The options of how the program writes: colour and theme, ASCII, the mouse, JSON lines to a
/// pipe, and `show --episodes`. A part of `AppOptions` (its fields read as `options.json`).
struct OutputOptions: Equatable {
    /// Colour off.
    var noColor = false
    /// The colour theme (`--theme`, `DISCOVER_THEME`, `theme`).
    var theme: ThemeChoice = .auto
    /// ASCII only.
    var ascii = false
    /// Pictures (posters, photos): `--images`, `DISCOVER_IMAGES`, `images`.
    var images: ImagesChoice = .auto
    /// Mouse reports on (`--mouse`, `DISCOVER_MOUSE`, `mouse`); off by default, so that the
    /// terminal's own selection works.
    var mouse = false
    /// JSON lines when writing to a pipe or file.
    var json = false
    /// Tab-separated values when writing a list to a pipe or file (`--tsv`): a header line,
    /// then one line a row (`PlainTable`).
    var tsv = false
    /// With `discover-tui show`: the show's episodes with their ratings (`--episodes`).
    var episodes = false

    /// Checks the output options against the command: `--episodes` lists one show's episodes,
    /// `--check` prints text, and a list is written in one form (`--json`, `--tsv` or an
    /// iCalendar file).
    /// - Parameters:
    ///   - operandCommand: the command that takes operands (`show`), if any.
    ///   - check: true for `--check`.
    ///   - ics: true for `--ics`.
    /// - Throws: `UsageError` for `--episodes` without `show`, `--check` with `--json` or
    ///   `--tsv`, or two forms at once.
    func validate(operandCommand: String?, check: Bool, ics: Bool = false) throws {
        if episodes, operandCommand != "show" {
            throw UsageError(message: "--episodes lists one show's episodes, for example: discover-tui show 82 --episodes")
        }
        if check && (json || tsv) {
            throw UsageError(message: "--check prints a text report; it cannot be used with \(json ? "--json" : "--tsv")")
        }
        if json && tsv {
            throw UsageError(message: "--json and --tsv are two forms of the same list: give one")
        }
        if ics && tsv {
            throw UsageError(message: "--ics writes an iCalendar file; it cannot be used with --tsv")
        }
    }
}
