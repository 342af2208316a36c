import Domain
import FoundationEssentials

/// The settings of walking routes (`discover-tui route` and the places map's walks): where to
/// walk to and the walking pace, placed among the places settings of `SettingsTable`.
enum RouteSettingRows {
    /// The table with the route rows after the places rows (after `units`).
    /// - Parameter rows: the rest of the table.
    static func placed(among rows: [SettingRow]) -> [SettingRow] {
        guard let units = rows.firstIndex(where: { $0.name == "units" }) else { return rows + self.rows }
        var all = rows
        all.insert(contentsOf: self.rows, at: units + 1)
        return all
    }

    /// The rows.
    static let rows: [SettingRow] = [
        SettingRow(
            "to", scope: .places, flags: ["--to"], value: .text("LAT,LON|PLACE"),
            help: "with route: where to walk to, a point in decimal degrees or the name of a place near the start"
        ) { options, input in
            let value = input.value.trimming(.whitespaces)
            guard !value.isEmpty else { throw UsageError(message: "--to needs a point (LAT,LON) or a place's name") }
            options.routeTo = value
        },
        SettingRow(
            "walking-speed", scope: .places, flags: ["--walking-speed"], value: .text("KMH"), environment: "DISCOVER_WALKING_SPEED",
            configKey: true, defaultText: "4.8",
            help: "walking pace in km/h, 1 to 10, for walks by the streets (steps at half the pace)"
        ) { options, input in
            guard let pace = WalkingPace.parse(input.value) else {
                throw UsageError(message: "\(input.label) must be a walking pace in km/h from 1 to 10, for example 4.8 (got '\(SettingsTable.shown(input.value))')")
            }
            options.walkingPace = pace
        },
        SettingRow(
            "route-source", scope: .places, flags: ["--route-source"], value: .choice(RouteSourceChoice.allCases.map(\.rawValue)),
            environment: "DISCOVER_ROUTE_SOURCE", configKey: true,
            defaultText: "auto: the streets loaded here, then FOSSGIS's OSRM when they do not connect the two points (never offline)",
            help: "with route: where the walk is worked out"
        ) { options, input in
            guard let choice = RouteSourceChoice(rawValue: input.value.lowercased()) else {
                throw UsageError(message: "\(input.label) must be auto, local or osrm (got '\(SettingsTable.shown(input.value))')")
            }
            options.routeSource = choice
        },
        SettingRow(
            "osrm-url", scope: .places, flags: ["--osrm-base"], value: .text("URL"), environment: "DISCOVER_OSRM_URL",
            configKey: true, defaultText: "https://routing.openstreetmap.de/routed-foot", help: "OSRM foot server base URL"
        ) { options, input in
            options.osrmBase = try SettingsTable.baseURL(input.value, option: input.label, example: "https://routing.openstreetmap.de/routed-foot")
        }
    ]
}
