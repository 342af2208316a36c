import Domain
import FoundationEssentials
import Scenes
import Workers

/// The manual page, written from the settings table (`AppOptions.settings`,
/// `AppOptions.commands`) so it cannot drift from the parser, and the choice of what
/// `--generate` writes (the shell completions are `ShellCompletions`'s).
/// `discover-tui --generate man|bash|zsh|fish` prints one of them; `make install` and `make deb`
/// write them with it.
enum GeneratedDocs {
    /// What `--generate` can write.
    enum Kind: String, CaseIterable, Sendable {
        /// The manual page, `discover-tui.1` (man(7) macros).
        case man
        /// The bash completion, for `/usr/share/bash-completion/completions/discover-tui`.
        case bash
        /// The zsh completion, `_discover_tui`.
        case zsh
        /// The fish completion, `discover-tui.fish`.
        case fish
    }

    /// The text of one kind.
    /// - Parameters:
    ///   - kind: what to write.
    ///   - date: the manual's date, `YYYY-MM-DD` (UTC).
    /// - Returns: the text, ending in a newline.
    static func text(_ kind: Kind, date: String) -> String {
        switch kind {
        case .man: return manualPage(date: date)
        case .bash: return ShellCompletions.bash
        case .zsh: return ShellCompletions.zsh
        case .fish: return ShellCompletions.fish
        }
    }

    /// The date for the manual: `SOURCE_DATE_EPOCH` (seconds since 1970, for reproducible
    /// builds, https://reproducible-builds.org/specs/source-date-epoch/) when set, else now; UTC.
    static func date(environment: [String: String]) -> String {
        let seconds = environment["SOURCE_DATE_EPOCH"].flatMap { Int($0) }.map(Double.init) ?? Date().timeIntervalSince1970
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: seconds))
        func two(_ n: Int?) -> String { n.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "01" }
        return "\(parts.year ?? 1970)-\(two(parts.month))-\(two(parts.day))"
    }

    /// The settings that have a flag, in the table's order (the manual's options, the completions' flags).
    static var flagRows: [SettingRow] { AppOptions.settings.filter { !$0.flags.isEmpty } }

    // MARK: - Manual page

    /// Text made safe for roff: backslashes doubled as `\e`, option dashes as `\-`, and a
    /// line never starting with a control character.
    static func roff(_ text: String) -> String {
        var out = text.replacing("\\", with: "\\e")
        out = out.replacing("--", with: "\\-\\-")
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }

    /// A flag in roff: `\-\-source`, `\-h`.
    private static func roffFlag(_ flag: String) -> String {
        flag.replacing("-", with: "\\-")
    }

    /// One option's tagged paragraph.
    private static func manOption(_ row: SettingRow) -> String {
        let flags = row.flags.map { "\\fB\(roffFlag($0))\\fR" }.joined(separator: ", ")
        let value = row.value.placeholder.map { " \\fI\(roff($0))\\fR" } ?? ""
        return ".TP\n\(flags)\(value)\n\(roff(row.fullHelp)).\n"
    }

    /// Every key of the full screen, as the `?` help lists it: the scenes' key maps (the same
    /// data that decides what a key does), then the keys that work everywhere and the mouse.
    static let keySections: [HelpSection] = MainActor.assumeIsolated {
        [
            HelpSection(title: "Popular shows", entries: PopularListViewController.keyMap.helpEntries()),
            HelpSection(title: "Popular shows: narrow (n)", entries: NarrowPicker.helpEntries),
            HelpSection(title: "Show details", entries: ShowDetailViewController.keyMap.helpEntries()),
            HelpSection(title: "Episode guide", entries: EpisodeGuideViewController.keyMap.helpEntries()),
            HelpSection(title: "Person", entries: PersonViewController.keyMap.helpEntries()),
            TonightViewController.help,
            HelpSection(title: "Places", entries: NearbyPOIsKeyMaps.keyMap.helpEntries()),
            HelpSection(title: "Place details", entries: NearbyPOIsKeyMaps.detailKeyMap.helpEntries()),
            HelpSection(title: "Places: category", entries: NearbyPOIsKeyMaps.categoryKeyMap.helpEntries()),
            HelpSection(title: "Places: find a city", entries: NearbyPOIsKeyMaps.cityKeyMap.helpEntries()),
            HelpSection(title: "Favourites", entries: FavouritesViewController.keyMap.helpEntries()),
            HelpSection(title: "Favourite", entries: FavouritesViewController.detailKeyMap.helpEntries()),
            HelpSection(title: "Continue", entries: ContinueViewController.keyMap.helpEntries()),
            HelpSection(title: "Stats", entries: StatsViewController.keyMap.helpEntries()),
            GlobalHelp.everywhere,
            GlobalHelp.mouse
        ]
    }

    /// A key label or help text in the manual's ASCII, the same in every locale: the keys'
    /// symbols as words, and the interface's glyphs as the ASCII the app itself draws for them
    /// outside UTF-8 (`⇄` as `<->`, `♥` as `<3`, `▶` as `>`, as `Symbols` and `CellText` do). A glyph
    /// escape such as `\[u21C4]` would not do: groff's ASCII device, which `man` uses in the C
    /// locale, has no glyph and no fallback for it, and mandoc supports no `.fchar`. Any other
    /// character beyond ASCII is left as roff's escape for its code point (`\[u00E9]`), which
    /// the manual's test under `LANG=C` reports.
    static func manKeyText(_ text: String) -> String {
        let words: [(String, String)] = [
            ("↑", "Up"), ("↓", "Down"), ("←", "Left"), ("→", "Right"), ("⏎", "Enter"), ("⌫", "Backspace"),
            ("⇄", "<\\->"), ("♥", "<3"), ("✓", "v"), ("▶", ">"), ("▸", ">"), ("▾", "v")
        ]
        var out = roff(text)
        for (symbol, word) in words { out = out.replacing(symbol, with: word) }
        return out.unicodeScalars.map { scalar in
            guard !scalar.isASCII else { return String(scalar) }
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
        }.joined()
    }

    /// One group of keys: a subsection with a tagged paragraph a binding.
    private static func manKeySection(_ section: HelpSection) -> String {
        ".SS \(roff(section.title).replacing("-", with: "\\-"))\n"
            + section.entries.map { entry in
                ".TP\n.B \"\(manKeyText(entry.keys).replacing("-", with: "\\-"))\"\n\(manKeyText(entry.action)).\n"
            }.joined()
    }

    /// The manual page.
    static func manualPage(date: String) -> String {
        let general = flagRows.filter { $0.scope == .general }
        let places = flagRows.filter { $0.scope == .places }
        var out = """
            .\\" The manual of discover-tui, written from its settings table by `discover-tui --generate man`.
            .TH DISCOVER-TUI 1 \(date) "discover-tui \(AppIdentity.version)" "User Commands"
            .nh
            .SH NAME
            discover-tui \\- popular TV shows and places nearby, in the terminal
            .SH SYNOPSIS

            """
        for command in AppOptions.commands {
            out += ".B discover-tui \(command.word == "shows" ? "[shows]" : command.word)\n"
            out += ".RI \"\(roffFlag(command.arguments))\"\n.br\n"
        }
        out += """
            .B discover-tui
            .BR \\-\\-check " | " \\-\\-help " | " \\-\\-version

            .SH DESCRIPTION
            .B discover-tui
            is a full\\-screen terminal app for browsing, with the keyboard, the popular TV shows of
            the moment, one show's details, and the places near a location.
            It works with no network and no API key: it carries a snapshot of real recorded data and
            says on screen which source it shows.
            When standard output is not a terminal, it prints the list as plain text (or JSON lines
            with \\fB\\-\\-json\\fR) and exits.
            .SH COMMANDS

            """
        for command in AppOptions.commands {
            out += ".TP\n.B \(command.word)\n\(roff(command.help)).\n"
        }
        out += ".SH OPTIONS\n"
        out += general.map(manOption).joined()
        out += ".SS Places options (after \\fBplaces\\fR)\n"
        out += places.map(manOption).joined()
        out +=
            ".SH KEYS\n\\fB?\\fR or \\fBF1\\fR in the app lists the keys of the screen on top;\n"
            + "\\fBdiscover help\\fR \\fICOMMAND\\fR lists those of a mode.\n"
        out += keySections.map(manKeySection).joined()
        out += ".SH ENVIRONMENT\n"
        for row in AppOptions.settings {
            guard let variable = row.environment else { continue }
            let meaning: String
            if let flag = row.flags.first {
                let command = row.scope == .places ? "places " : ""
                meaning = "As \\fB\(command)\(roffFlag(flag))\\fR" + (row.layerValue.map { ", written \\fI\(roff($0))\\fR" } ?? "") + "."
            } else {
                meaning = roff(row.help) + "."
            }
            out += ".TP\n.B \(variable)\n\(meaning)\n"
        }
        out += """
            .TP
            .B NO_COLOR
            Set and not empty: no colour (https://no\\-color.org), unless DISCOVER_COLOR says otherwise.
            .TP
            .BR XDG_CONFIG_HOME ", " XDG_DATA_HOME ", " XDG_CACHE_HOME
            The folders of the config file, the favourites and the response cache; a relative path
            is ignored.
            .TP
            .BR TERM ", " LANG ", " LC_ALL
            The terminal type and the locale; outside UTF\\-8 locales discover-tui draws in ASCII.
            .TP
            .B COLORTERM
            \\fBtruecolor\\fR or \\fB24bit\\fR: posters and photos in 24\\-bit colour (not inside GNU screen),
            else in the 256\\-colour palette. Inside tmux they need no setting; \\fB\\-\\-images kitty\\fR is
            not used there (tmux would pass it only with \\fBallow\\-passthrough on\\fR).
            .PP
            Options win over the environment, which wins over the config file, which wins over the
            defaults.
            .SH FILES
            .TP
            .I ~/.config/discover-tui/config
            Settings, one \\fIkey\\fR = \\fIvalue\\fR a line; blank lines and lines starting with # are
            ignored. Keep it mode 600 when it holds a key. Keys:

            """
        out += AppOptions.settings.compactMap(\.configKey).map { "\\fB\(roff($0))\\fR" }.joined(separator: ",\n") + ".\n"
        out += """
            A line discover-tui cannot use stops it with the file, the line and the reason (exit status 2).
            .TP
            .I ~/.local/share/discover-tui/favorites.json
            The favourite shows and places.
            .TP
            .I ~/.local/share/discover-tui/watched.sqlite3
            The watched episodes with their plays, your ratings of episodes and shows, and each show's settings.
            .TP
            .I ~/.cache/discover-tui/responses/
            Live TV answers, at most 50 MiB; may be deleted at any time.
            .TP
            .I ~/.cache/discover-tui/images/
            Posters and photos as fetched, at most 50 MB, the oldest dropped first; may be deleted at any time.
            .SH EXIT STATUS
            0 on quit, 1 on a runtime error or nothing found, 2 on a usage error, 128+\\fIn\\fR on signal \\fIn\\fR.
            \\fB\\-\\-check\\fR exits 0 when the sources the settings use first answer, 1 otherwise.
            \\fBupcoming \\-\\-ics\\fR exits 3, writing nothing, when there is no episode to put in the calendar (an iCalendar file must hold at least one event); standard error says why.
            \\fBrate\\fR and \\fBwatched \\-\\-mark\\fR exit 1 when no show or episode has that name or code, 3 when the source could not be asked.
            \\fBtonight\\fR, \\fBupcoming\\fR (\\fB\\-\\-new\\fR too) and \\fBpremieres\\fR exit 0 when they found something, 1 when every source was asked and nothing was found, 3 when a source could not be asked; for 1 and 3 standard error says why in a sentence.
            .SH EXAMPLES
            .TP
            .B discover-tui places \\-\\-city Lyon \\-\\-category cafe
            The cafes around Lyon.
            .TP
            .B discover-tui \\-\\-offline | head
            The first shows of the built\\-in snapshot, as text, with no network request.
            .TP
            .B discover-tui watched 'Game of Thrones' \\-\\-mark S01E01 \\-\\-offline
            One more play of the first episode, for a player's hook; prints the plays so far.
            .TP
            .B discover-tui \\-\\-about
            What the built\\-in snapshot holds: each recorded part, its source and date.
            .SH DATA
            Shows: data from TVmaze.com (CC BY\\-SA 4.0), https://www.tvmaze.com, or from TMDB.
            This product uses the TMDB API but is not endorsed or certified by TMDB.
            Places: \\(co OpenStreetMap contributors (ODbL 1.0); places search Powered by Geoapify;
            cities: GeoNames (CC BY 4.0).

            """
        return wrapTextLines(out)
    }

    /// Text lines (not requests, which start with `.`) wrapped at 78 bytes between words, as
    /// `mandoc -T lint` asks; a piece that would start with `.` or `'` gets `\&` before it.
    static func wrapTextLines(_ page: String) -> String {
        var out: [String] = []
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            guard !line.hasPrefix("."), line.utf8.count > 78 else {
                out.append(String(line))
                continue
            }
            var current = ""
            for word in line.split(separator: " ") {
                let piece = (current.isEmpty && (word.hasPrefix(".") || word.hasPrefix("'")) ? "\\&" : "") + word
                if current.isEmpty {
                    current = piece
                } else if current.utf8.count + 1 + piece.utf8.count > 78 {
                    out.append(current)
                    current = (word.hasPrefix(".") || word.hasPrefix("'") ? "\\&" : "") + word
                } else {
                    current += " " + piece
                }
            }
            out.append(current)
        }
        return out.joined(separator: "\n")
    }
}
