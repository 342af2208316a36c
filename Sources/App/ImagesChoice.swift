/// How pictures are drawn (`--images`, `DISCOVER_IMAGES`, `images`).
///
/// `kitty` is asked for by name only: it needs a terminal that answers its query and no tmux,
/// screen or mosh in between, and half-blocks already show a poster everywhere (DECISIONS.md).
enum ImagesChoice: String, Sendable, CaseIterable {
    /// Half-blocks where they show well: 256 colours or more, Unicode, colour in use (not
    /// `--ascii`, `--theme mono`, `NO_COLOR` or `--no-color`).
    case auto
    /// Half-blocks: the same as `auto` (a terminal with fewer colours still draws none).
    case halfblocks
    /// The kitty graphics protocol where the terminal answers its query (`KittyGraphics`),
    /// never inside tmux, GNU screen or mosh; else half-blocks, with a notice.
    case kitty
    /// No pictures: none is fetched either.
    case off

    /// Whether pictures are asked for; the screen still draws none where it cannot
    /// (`ImageColours.choose`).
    var wanted: Bool { self != .off }

    /// The settings table's row.
    static let settingRow = SettingRow(
        "images", flags: ["--images"], value: .choice(allCases.map(\.rawValue)), environment: "DISCOVER_IMAGES", configKey: true,
        defaultText: "auto: half-blocks on a terminal of 256 colours or more; none with --ascii, --theme mono, NO_COLOR or --no-color",
        help:
            "posters and photos drawn in half-blocks (two colours a cell), with the kitty graphics protocol (kitty: where the terminal answers its query, never in tmux, screen or mosh), or off; 24-bit half-blocks when COLORTERM says truecolor"
    ) { options, input in
        guard let choice = ImagesChoice(rawValue: input.value.lowercased()) else {
            throw UsageError(
                message: "\(input.label) must be one of \(allCases.map(\.rawValue).joined(separator: ", ")) (got '\(SettingsTable.shown(input.value))')")
        }
        options.images = choice
    }
}
