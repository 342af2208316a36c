/// The mirror's settings (`discover-tui mirror`), rows of `SettingsTable.settings`.
enum MirrorSettings {
    /// `keep-mirror-fresh`: the full screen refreshes a whole mirror in the background, at most
    /// once a day (`MirrorKeeper`).
    static let rows: [SettingRow] = [
        SettingRow(
            "keep-mirror-fresh", environment: "DISCOVER_KEEP_MIRROR_FRESH", configKey: true, layerValue: "yes|no", defaultText: "no",
            help: "refresh the mirror of TVmaze's index (discover-tui mirror) in the background, at most once a day, while the full screen runs"
        ) { options, input in
            guard let on = SettingsTable.yesOrNo(input.value) else { throw SettingsTable.notYesOrNo(input) }
            options.keepsMirrorFresh = on
        }
    ]
}
