import Foundation
import TestSupport
import Workers
import XCTest

@testable import App

/// The settings table against what is written from it and about it: the help, the config
/// file's keys, and the reference (docs/reference.md)'s tables.
final class SettingsTableTests: XCTestCase {
    /// The reference's settings table as rows of cells, code spans unwrapped.
    private func readmeSettingsRows() throws -> [[String]] {
        let readme = String(decoding: try RepositoryFiles.data("docs/reference.md"), as: UTF8.self)
        let section = try XCTUnwrap(readme.range(of: "## Settings: environment and config file"), "the reference (docs/reference.md) has no settings section")
        let lines = readme[section.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
        let header = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("| config file key |") }, "the reference (docs/reference.md) has no settings table")
        return lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// The code spans of a cell: "`a`, or `b`" gives ["a", "b"].
    private func codeSpans(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    func testTheReadmeSettingsTableHasOneRowPerConfigKeyWithItsVariableAndFlags() throws {
        let rows = try readmeSettingsRows()
        XCTAssertFalse(rows.isEmpty)
        var seen: [String] = []
        for cells in rows {
            XCTAssertEqual(cells.count, 4, "\(cells)")
            guard cells.count == 4 else { continue }
            let keys = codeSpans(cells[0])
            XCTAssertEqual(keys.count, 1, "one key a row: \(cells[0])")
            guard let key = keys.first else { continue }
            seen.append(key)
            guard let row = SettingsTable.row(named: key), row.configKey == key else {
                XCTFail("the reference (docs/reference.md) names a config key the settings table does not have: \(key)")
                continue
            }
            XCTAssertEqual(codeSpans(cells[1]).first, row.environment, "environment variable of \(key)")
            let options = codeSpans(cells[2])
            XCTAssertEqual(options.count, row.flags.count, "options of \(key): \(cells[2])")
            for (written, flag) in zip(options, row.flags) {
                XCTAssertEqual(written, row.scope == .places ? "places \(flag)" : flag, "option of \(key)")
            }
        }
        XCTAssertEqual(seen.sorted(), AppOptions.configSchema.keys.sorted(), "the reference (docs/reference.md) lists each config key once")
    }

    func testEveryFlagIsInTheReadmeAndTheHelp() throws {
        let readme = String(decoding: try RepositoryFiles.data("docs/reference.md"), as: UTF8.self)
        let help = AppOptions.helpText
        for row in AppOptions.settings {
            for flag in row.flags {
                XCTAssertTrue(help.contains(flag), "--help lacks \(flag)")
                if flag.hasPrefix("--") {
                    XCTAssertTrue(readme.contains(flag), "docs/reference.md lacks \(flag)")
                }
            }
            if let variable = row.environment {
                XCTAssertTrue(help.contains(variable), "--help lacks \(variable)")
            }
            if let key = row.configKey {
                XCTAssertTrue(help.contains(key), "--help lacks \(key)")
            }
        }
    }

    func testTheConfigKeysAreTheTablesAndTheSecretsAreTheKeys() throws {
        XCTAssertEqual(
            AppOptions.configSchema.keys,
            [
                "tv-source", "places-source", "near", "city", "units", "walking-speed", "route-source", "osrm-url", "color", "theme", "images", "mouse", "tmdb-api-key",
                "tmdb-read-access-token", "geoapify-api-key", "tvmaze-url", "tmdb-url",
                "list", "country", "services", "geoapify-url", "overpass-url", "nominatim-url", "ca-bundle", "keep-mirror-fresh"
            ])
        XCTAssertEqual(AppOptions.configSchema.secretKeys, ["tmdb-api-key", "tmdb-read-access-token", "geoapify-api-key"])
        XCTAssertTrue(AppOptions.settings.filter(\.isSecret).allSatisfy(\.flags.isEmpty), "a key is never given on the command line")
        // Every flag belongs to one row per scope, and every name is unique.
        XCTAssertEqual(Set(AppOptions.settings.map(\.name)).count, AppOptions.settings.count)
        for scope in [SettingRow.Scope.general, .places] {
            let flags = AppOptions.settings.filter { $0.scope == scope }.flatMap { $0.flags + $0.aliases }
            XCTAssertEqual(Set(flags).count, flags.count, "a flag used twice in \(scope)")
        }
    }

    func testEveryRowIsParsedFromItsFlagItsVariableAndItsKey() throws {
        // A value each kind of row accepts.
        func sample(_ row: SettingRow) -> String {
            switch row.value {
            case .none: return row.isSecret ? "secret-0042" : ""
            case .choice(let words), .named(_, let words): return words.last ?? ""
            case .file: return "/tmp/shows.json"
            case .text(let placeholder):
                switch placeholder {
                case "URL": return "http://127.0.0.1:9"
                case "LAT,LON": return "41.0172,28.9699"
                case "METERS": return "500"
                case "CC": return "GB"
                case "LIST": return "netflix"
                case "YYYY-MM-DD": return "2020-12-01"
                case "N": return "1"
                case "DAYS": return "3"
                case "SxxEyy": return "S01E02"
                case "YYYY": return "2024"
                case "KMH": return "6"
                default: return "Paris"
                }
            }
        }
        let defaults = try AppOptions.parse([], environment: [:])
        for row in AppOptions.settings {
            let value = sample(row)
            // A yes-or-no setting that is off by default (mouse) is changed by its first flag.
            let offByDefault = row.layerValue == "yes|no" && row.defaultText == "no"
            if let flag = offByDefault ? row.flags.first : row.flags.last {
                // A flag of one command (`show … --episodes`) is given with that command.
                let commands: [String: [String]] = [
                    "episodes": ["show", "82"], "date": ["tonight"], "ics": ["upcoming"], "season": ["watched", "82"], "mark": ["watched", "82"],
                    "days": ["premieres"], "new": ["upcoming"], "clear": ["rate", "82"], "today": ["upcoming"], "short": ["tonight"], "year": ["stats"]
                ]
                // `route` needs a start and a goal: --to is set against another goal.
                let route = ["route", "--near", "60.17,24.94"]
                let command = row.name == "to" ? route : row.scope == .places ? ["places"] : commands[row.name] ?? []
                var arguments = command + [flag]
                if row.value != .none { arguments.append(value) }
                let parsed = try AppOptions.parse(arguments, environment: [:])
                // `rate 82` needs a rating or --clear: --clear is set against a rating.
                let baseline = row.name == "clear" ? ["rate", "82", "5"] : row.name == "to" ? route + ["--to", "60.1,24.9"] : command
                XCTAssertNotEqual(
                    parsed, try AppOptions.parse(baseline, environment: [:]),
                    "\(arguments) changes nothing")
            }
            if let variable = row.environment {
                let layerValue = row.layerValue == nil ? value : offByDefault ? "yes" : "no"
                XCTAssertNotEqual(try AppOptions.parse([], environment: [variable: layerValue]), defaults, "\(variable) changes nothing")
                let file = try ConfigFile.parse("\(row.name) = \(layerValue)", path: "/cfg", schema: AppOptions.configSchema)
                XCTAssertNotEqual(try AppOptions.parse([], environment: [:], config: file), defaults, "config \(row.name) changes nothing")
            }
        }
    }
}
