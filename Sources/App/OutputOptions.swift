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
    /// Mouse reports on (`--mouse`, `DISCOVER_MOUSE`, `mouse`); off by default, so that the
    /// terminal's own selection works.
    var mouse = false
    /// JSON lines when writing to a pipe or file.
    var json = false
    /// With `discover-tui show`: the show's episodes with their ratings (`--episodes`).
    var episodes = false

    /// Checks the output options against the command: `--episodes` lists one show's episodes,
    /// and `--check` prints text.
    /// - Parameters:
    ///   - operandCommand: the command that takes operands (`show`), if any.
    ///   - check: true for `--check`.
    /// - Throws: `UsageError` for `--episodes` without `show`, or `--check` with `--json`.
    func validate(operandCommand: String?, check: Bool) throws {
        if episodes, operandCommand != "show" {
            throw UsageError(message: "--episodes lists one show's episodes, for example: discover-tui show 82 --episodes")
        }
        if check && json {
            throw UsageError(message: "--check prints a text report; it cannot be used with --json")
        }
    }
}
