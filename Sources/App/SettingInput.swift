import Domain
import FoundationEssentials
import Scenes
import Workers

/// One value of a setting as it arrives: the text, how messages name it (`--units`,
/// `DISCOVER_UNITS`, `/home/ana/.config/discover-tui/config line 3: units`) and where it came from.
struct SettingInput: Sendable {
    /// The value, trimmed for the environment and the file.
    let value: String
    /// How messages name it.
    let label: String
    /// The flag as typed (`--no-colour`), or nil for the environment and the file.
    let flag: String?
    /// The environment variable or the file's line; nil for the command line.
    let origin: SettingOrigin?
}
