import FoundationEssentials

/// The shell completions (bash, zsh, fish), written from the settings table
/// (`AppOptions.settings`, `AppOptions.commands`) as the manual page (`GeneratedDocs`) is.
enum ShellCompletions {
    /// The settings that have a flag, in the table's order.
    private static var flagRows: [SettingRow] { GeneratedDocs.flagRows }

    /// Words for a shell's word list: `auto tmdb tvmaze snapshot`.
    private static func wordList(_ words: [String]) -> String { words.joined(separator: " ") }

    /// The flags of rows, without the aliases the help does not show either.
    private static func flags(of rows: [SettingRow]) -> [String] { rows.flatMap(\.flags) }

    /// The bash completion (`complete -F _discover_tui discover-tui`).
    static var bash: String {
        let general = flagRows.filter { $0.scope == .general }
        let places = flagRows.filter { $0.scope == .places }
        let valued = flagRows.filter { $0.value != .none }
        var cases = ""
        // Rows whose flag is in both scopes come first with the scope in the pattern.
        for row in valued {
            let scope = row.scope == .places ? "places" : "*"
            let pattern = row.flags.map { "\(scope):\($0)" }.joined(separator: "|")
            switch row.value {
            case .file:
                cases += "        \(pattern)) _discover_tui_files; return ;;\n"
            case .choice, .named:
                cases += "        \(pattern)) COMPREPLY=($(compgen -W \"\(wordList(row.value.words))\" -- \"$cur\")); return ;;\n"
            case .text, .none:
                cases += "        \(pattern)) COMPREPLY=(); return ;;\n"
            }
        }
        // `places:--source` must be tried before `*:--source`.
        let lines = cases.split(separator: "\n").sorted { a, b in a.contains("places:") && !b.contains("places:") }
        return """
            # bash completion for discover-tui, written from its settings table by `discover-tui --generate bash`.
            # The file names that start with the word being completed, each whole (spaces, quotes and
            # `$` included, no glob expansion), for readline to quote as it inserts one (-o filenames).
            # The word is read as typed: after an opening quote, or with backslash escapes.
            _discover_tui_files() {
                local word= i
                if [[ $cur == [\\"\\']* ]]; then
                    word=${cur:1}
                else
                    for ((i = 0; i < ${#cur}; i++)); do
                        [[ ${cur:i:1} == \\\\ ]] && ((i++))
                        word+=${cur:i:1}
                    done
                fi
                compopt -o filenames 2>/dev/null
                mapfile -t COMPREPLY < <(compgen -f -- "$word")
            }
            _discover_tui() {
                local cur prev section=shows command= i
                cur=${COMP_WORDS[COMP_CWORD]}
                prev=${COMP_WORDS[COMP_CWORD-1]}
                for ((i = 1; i < COMP_CWORD; i++)); do
                    case ${COMP_WORDS[i]} in
                        \(Set(valued.flatMap { $0.flags + $0.aliases }).sorted().joined(separator: "|"))) ((i++)) ;;
                        \(AppOptions.commands.map(\.word).joined(separator: "|"))) [[ -z $command ]] && command=${COMP_WORDS[i]} ;;
                    esac
                done
                [[ $command == places ]] && section=places
                case $section:$prev in
            \(lines.joined(separator: "\n"))
                esac
                local words="\(wordList(flags(of: general)))"
                [[ $section == places ]] && words="${words/--source /} \(wordList(flags(of: places)))"
                [[ -z $command ]] && words="\(wordList(AppOptions.commands.map(\.word))) $words"
                COMPREPLY=($(compgen -W "$words" -- "$cur"))
            }
            complete -F _discover_tui discover-tui

            """
    }

    /// A description for zsh's `[…]` or fish's `-d`: the help up to its first `(`, `;` or `:`,
    /// without the characters those syntaxes treat specially.
    private static func shortHelp(_ help: String) -> String {
        let text = help.split(whereSeparator: { $0 == "(" || $0 == ";" || $0 == ":" }).first.map(String.init) ?? help
        return text.trimming(.whitespaces).filter { !"[]:'\"\\`$".contains($0) }
    }

    /// One zsh `_arguments` spec per flag of a row.
    private static func zshSpecs(_ row: SettingRow) -> [String] {
        let action: String
        switch row.value {
        case .none: action = ""
        case .file(let name): action = ":\(name.lowercased()):_files"
        case .choice, .named: action = ":\(row.value.placeholder?.lowercased() ?? "value"):(\(wordList(row.value.words)))"
        case .text(let name): action = ":\(name.lowercased().filter { $0 != "," }): "
        }
        return row.flags.map { "'\($0)[\(shortHelp(row.help))]\(action)'" }
    }

    /// The zsh completion (`#compdef discover-tui`).
    static var zsh: String {
        let general = flagRows.filter { $0.scope == .general }
        let places = flagRows.filter { $0.scope == .places }
        let placesFlags = Set(flags(of: places))
        let generalInPOIs = general.filter { row in !row.flags.contains { placesFlags.contains($0) } }
        let commands = AppOptions.commands.map { "\($0.word)\\:\"\(shortHelp($0.help))\"" }
        return """
            #compdef discover-tui
            # zsh completion for discover-tui, written from its settings table by `discover-tui --generate zsh`.
            _discover_tui() {
              local -a specs
              if (( ${words[(I)places]} )); then
                specs=(
                  \(generalInPOIs.flatMap(zshSpecs).joined(separator: "\n      "))
                  \(places.flatMap(zshSpecs).joined(separator: "\n      "))
                  '1:command:((\(commands.joined(separator: " "))))'
                )
              else
                specs=(
                  \(general.flatMap(zshSpecs).joined(separator: "\n      "))
                  '1:command:((\(commands.joined(separator: " "))))'
                )
              fi
              _arguments -s -S $specs
            }
            _discover_tui "$@"

            """
    }

    /// The fish completion.
    static var fish: String {
        var out = """
            # fish completion for discover-tui, written from its settings table by `discover-tui --generate fish`.
            function __discover_tui_places
                contains -- places (commandline -opc)
            end
            complete -c discover-tui -f

            """
        let commandWords = AppOptions.commands.map(\.word).joined(separator: " ")
        for command in AppOptions.commands {
            out += "complete -c discover-tui -n 'not __fish_seen_subcommand_from \(commandWords)' -a \(command.word) -d '\(shortHelp(command.help))'\n"
        }
        let placesFlags = Set(flags(of: flagRows.filter { $0.scope == .places }))
        for row in flagRows {
            var condition = ""
            if row.scope == .places {
                condition = " -n __discover_tui_places"
            } else if row.flags.contains(where: { placesFlags.contains($0) }) {
                condition = " -n 'not __discover_tui_places'"
            }
            var value = ""
            switch row.value {
            case .none: value = ""
            case .file: value = " -r -F"
            case .choice, .named: value = " -x -a '\(wordList(row.value.words))'"
            case .text: value = " -x"
            }
            for flag in row.flags {
                let name = flag.hasPrefix("--") ? "-l \(flag.dropFirst(2))" : "-s \(flag.dropFirst())"
                out += "complete -c discover-tui\(condition) \(name)\(value) -d '\(shortHelp(row.help))'\n"
            }
        }
        return out
    }
}
