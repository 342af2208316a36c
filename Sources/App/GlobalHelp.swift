import Scenes

/// The keys that work in every section, listed in the help overlay after the scene's own,
/// and in the manual page.
enum GlobalHelp {
    /// Global keys, listed in the help overlay after the scene's own.
    static let everywhere = HelpSection(
        title: "Everywhere",
        entries: GlobalKeys.keyMap.helpEntries() + [
            HelpEntry(keys: "Ctrl-Z", action: "Suspend (fg to come back)"),
            HelpEntry(keys: "Ctrl-C", action: "Quit at once")
        ])

    /// The global keys with `a`, when the app has an "About this data" page.
    static let everywhereWithAbout = HelpSection(
        title: everywhere.title,
        entries: everywhere.entries.flatMap { entry in
            entry.action == "Show or hide this help" ? [entry, HelpEntry(keys: "a", action: "In this help: About this data (what the offline snapshot holds)")] : [entry]
        })

    /// The mouse's entries in the help overlay, with `--mouse`.
    static let mouse = HelpSection(
        title: "Mouse (--mouse)",
        entries: [
            HelpEntry(keys: "Wheel", action: "Scroll by 3 rows"),
            HelpEntry(keys: "Click", action: "Select a row, a tab or a choice"),
            HelpEntry(keys: "Double click", action: "Open the row")
        ])
}
