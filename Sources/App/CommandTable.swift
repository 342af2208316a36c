/// The commands, declared once: a row each, with its help line, its arguments, its own options
/// and the key groups its help page lists. `AppOptions.parse` finds a command word here; `--help`,
/// `help COMMAND`, the man page and the completions are written from it.
enum CommandTable {
    /// The commands, in the order the help lists them.
    static let commands: [CommandRow] = {
        let shows = ["Popular shows", "Show details", "Person", "Episode guide", "Favourites", "Favourite", "Continue", "Everywhere"]
        return [
            CommandRow(word: "shows", section: .shows, help: "popular TV shows (the default)", keyGroups: shows),
            CommandRow(
                word: "places", section: .places, help: "places near a point or a city",
                arguments: "[--near LAT,LON | --city NAME] [places options] [options]",
                keyGroups: ["Places", "Place details", "Places: category", "Places: find a city", "Everywhere"]),
            CommandRow(
                word: "route", section: .places,
                help: "a walk along the streets, turn by turn: discover-tui route --near LAT,LON | --city NAME --to LAT,LON|PLACE [--json]; "
                    + "--json writes {\"metres\": M, \"seconds\": S, \"steps\": [{\"street\": ..., \"metres\": m, \"turn\": ...}], \"source\": ..., \"from\": {...}, \"to\": {\"name\": ..., \"latitude\": ..., \"longitude\": ...}}",
                arguments: "--near LAT,LON | --city NAME --to LAT,LON|PLACE [options]"),
            CommandRow(
                word: "search", section: .shows, help: "search the whole catalogue: discover-tui search QUERY",
                arguments: "QUERY [options]", keyGroups: shows),
            CommandRow(
                word: "show", section: .shows, help: "one show's details: discover-tui show ID|NAME",
                arguments: "ID|NAME [--episodes] [options]", keyGroups: shows),
            CommandRow(
                word: "person", section: .shows, help: "a person and their shows, cast then crew: discover-tui person ID|NAME",
                arguments: "ID|NAME [--json | --tsv] [options]", keyGroups: ["Person", "Everywhere"]),
            CommandRow(
                word: "similar", section: .shows,
                help: "shows like one show, with why: discover-tui similar ID|NAME (TMDB's recommendations with a key)",
                arguments: "ID|NAME [--json | --tsv] [options]", keyGroups: ["Everywhere"]),
            CommandRow(
                word: "tonight", section: .shows,
                help: "what airs today, times in your zone; w marks an episode watched: discover-tui tonight [--country CC] [--date YYYY-MM-DD] [--short]",
                arguments: "[--country CC] [--date YYYY-MM-DD] [--short] [options]", keyGroups: ["Tonight, Upcoming and New this week", "Everywhere"]),
            CommandRow(
                word: "upcoming", section: .shows,
                help: "your favourite shows' next episodes and what changed: discover-tui upcoming [--ics | --new] [--today] [--short]",
                arguments: "[--ics | --new] [--today] [--short] [options]", keyGroups: ["Tonight, Upcoming and New this week", "Everywhere"]),
            CommandRow(
                word: "continue", section: .shows,
                help: "each started show's next unwatched aired episode, most recently watched first: discover-tui continue [--json]",
                arguments: "[--json | --tsv] [options]", keyGroups: ["Continue", "Episode guide", "Everywhere"]),
            CommandRow(
                word: "watched", section: .shows,
                help: "how far a show is watched, or a season's episodes marked: discover-tui watched SHOW [--season N]; "
                    + "--mark SxxEyy counts one play of an episode (for players' hooks), --json lists the plays per episode",
                arguments: "SHOW [--season N] [--mark SxxEyy] [--json] [options]", keyGroups: ["Episode guide", "Everywhere"]),
            CommandRow(
                word: "rate", section: .shows,
                help: "rate a show or one of its episodes from 1 to 10 (S00Eyy for a special), or take the rating away: "
                    + "discover-tui rate SHOW [SxxEyy] N|--clear",
                arguments: "SHOW [SxxEyy] N|--clear [options]"),
            CommandRow(
                word: "ratings", section: .shows, help: "your ratings of shows and episodes, of one show when named: discover-tui ratings [SHOW] [--json]",
                arguments: "[SHOW] [--json] [options]"),
            CommandRow(
                word: "stats", section: .favourites,
                help: "your year in TV from your watched episodes and ratings, with no account and no server: "
                    + "discover-tui stats [--year YYYY] [--json]; on a terminal the Stats screen, in a pipe plain text; "
                    + "--json writes one object: {\"year\": 2024, \"episodes\": N, \"minutes\": M, \"days\": {\"YYYY-MM-DD\": n, ...}, "
                    + "\"streak\": {...}, \"genres\": [...], \"networks\": [...], \"people\": [...], \"ratings\": {...}} (docs/reference.md)",
                arguments: "[--year YYYY] [--json] [options]", keyGroups: ["Stats", "Favourites", "Everywhere"]),
            CommandRow(
                word: "premieres", section: .shows,
                help: "series premieres and returning seasons of the next days, here and on streaming: discover-tui premieres [--days N] [--ics | --short]",
                arguments: "[--days N] [--country CC] [--ics | --short] [options]", keyGroups: ["Everywhere"]),
            CommandRow(
                word: "import", section: .shows,
                help: "add favourites, watched episodes and ratings from export files: discover-tui import FORMAT FILE..., "
                    + "FORMAT one of trakt, tvtime, imdb, netflix, yamtrack, seriesguide or discover (this program's export); a dry run in a pipe, --apply writes",
                // --offline is in the options below: the usage line stays within the help's width.
                arguments: "FORMAT FILE... [--apply] [--unmatched FILE] [--api-base URL]",
                ownOptions: [
                    ("--apply", "write without asking (without it: a question on a terminal, a dry run in a pipe)"),
                    ("--offline", "ask TVmaze nothing: rows that need no lookup (this program's own export) import, the others are listed as unmatched"),
                    ("--unmatched FILE", "write the rows not matched to FILE, even in a dry run (with --apply: discover-import-unmatched.csv)"),
                    ("--api-base URL", "TVmaze base URL (default https://api.tvmaze.com; also DISCOVER_TVMAZE_URL)")
                ]),
            CommandRow(
                word: "export", section: .shows, help: "write your favourites, watched episodes, plays, ratings and shows' settings as JSON, CSV or a SeriesGuide backup: discover-tui export --json",
                arguments: "--json|--csv|--seriesguide [--output FILE] [--offline]",
                ownOptions: [
                    ("--json", "JSON (docs/history-format.md)"), ("--csv", "CSV, one row per favourite, episode or rated show"),
                    ("--seriesguide", "SeriesGuide's shows backup (shows by their TheTVDB or TMDB id)"),
                    ("--output FILE", "write to FILE instead of standard output"),
                    ("--offline", "accepted for scripts: an export never uses the network")
                ]),
            CommandRow(
                word: "mirror", section: .shows,
                help: "keep TVmaze's whole show index on this computer, so that every show is found offline in milliseconds; "
                    + "a later run fetches only the shows changed since: discover-tui mirror",
                arguments: "[--api-base URL]",
                ownOptions: [("--api-base URL", "TVmaze base URL (default https://api.tvmaze.com; also DISCOVER_TVMAZE_URL)")]),
            CommandRow(
                word: "help", section: .shows,
                help: "this help, or one command's usage, options and keys: discover-tui help [COMMAND]; "
                    + "discover-tui help keys: every action, its keys now and where they were set",
                arguments: "[COMMAND]")
        ]
    }()
}
