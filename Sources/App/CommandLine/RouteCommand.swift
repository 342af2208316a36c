import Domain
import FoundationEssentials
import Scenes
import Terminal
import Workers

/// `discover-tui route --near LAT,LON | --city NAME --to LAT,LON|PLACE [--json]`: the shortest
/// walk along the streets from the start to a point or a place near it, turn by turn.
///
/// The walk is found as `--route-source` says (`RouteFinding`): worked out here
/// (`WalkingRouter`) over the places streets source (`--offline`: the recorded areas; else
/// Overpass, and in `auto` the recorded areas when it fails), loaded around the middle of the
/// walk, then, in `auto` and not offline, asked of FOSSGIS's OSRM when those streets do not
/// connect the two points; or (`osrm`) asked of OSRM alone. Text: the summary line ("540 m by the
/// streets · ~7 min"), one line a step, then the streets' source and credit. `--json`: one
/// object `{"metres": M, "seconds": S, "minutes": N, "steps": [{"street": NAME|null, "kind":
/// HIGHWAY|null, "metres": m, "turn": WORDS}], "source": "local"|"osrm", "streets": SOURCE,
/// "from": END, "to": END}`, an END being `{"name": NAME (a place only), "latitude": DEG,
/// "longitude": DEG}`. Text lengths follow `--units`; JSON's are metres.
///
/// Exit 0 with a walk; 1 for a place not found or no walk (each reason its own sentence); 2
/// for a `--to` that reads as LAT,LON out of range; 3 when the streets source (or OSRM) could
/// not be asked.
struct RouteCommand: AsyncCommand {
    /// The parsed settings (`near`/`city`, `routeTo`, `walkingPace`, `json`, `ascii`).
    let options: AppOptions
    /// The environment (for the places sources).
    let environment: [String: String]

    /// The JSON object written with `--json`.
    struct Output: Encodable {
        /// One step.
        struct Step: Encodable {
            let street: String?
            let kind: String?
            let metres: Int
            let turn: String
        }
        /// One end of the walk: a place's name (nil for a point) and where it is, in degrees.
        struct End: Encodable {
            let name: String?
            let latitude: Double
            let longitude: Double

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encodeIfPresent(name, forKey: .name)
                try container.encode(latitude, forKey: .latitude)
                try container.encode(longitude, forKey: .longitude)
            }

            private enum CodingKeys: String, CodingKey { case name, latitude, longitude }
        }
        let metres: Int
        let seconds: Int
        let minutes: Int
        let steps: [Step]
        let source: String
        let streets: String
        let from: End
        let to: End
    }

    /// Finds the walk, prints it and exits.
    func run() async -> Never {
        let options = self.options
        let errorText = CellText(repertoire: .ascii)
        let text = CellText(repertoire: options.ascii || !LocaleInfo.isUTF8 ? .ascii : .unicode)
        let places = DiscoverApp.makePOIs(options: options, environment: environment)
        let start = places.start.center
        guard let goal = options.routeTo, let streets = places.streets else {
            DiscoverApp.fail("discover-tui route needs --to LAT,LON or a place's name", status: 2)
        }
        let destination: (point: Coordinate, name: String?)
        do throws(CoordinateError) {
            destination = (try Coordinate(parsing: goal), nil)
        } catch .unreadable {
            let radius = options.radiusMeters ?? NearbyPOIs.defaultRadiusMeters
            guard let place = await Self.place(named: goal, near: start, radiusMeters: radius, worker: places.worker) else {
                let shown = errorText.sanitize(SettingsTable.shown(goal))
                DiscoverApp.fail("no place called '\(shown)' within \(RouteWords.distance(radius)) of the start; give --to LAT,LON, or a larger --radius", status: 1)
            }
            destination = (place.coordinate, place.name)
        } catch {
            // Read as LAT,LON but out of range: a usage error, as for --near.
            DiscoverApp.fail("--to: " + error.description, status: 2)
        }
        let from = Output.End(name: nil, latitude: start.latitude, longitude: start.longitude)
        let to = Output.End(name: destination.name, latitude: destination.point.latitude, longitude: destination.point.longitude)
        switch await RouteFinding.walk(from: start, to: destination.point, options: options, streets: streets) {
        case .success(let found):
            if options.json {
                StandardStreams.output((JSONLine.encode(Self.output(found, from: from, to: to), asciiOnly: options.ascii) ?? "{}") + "\n")
            } else {
                StandardStreams.output(Self.text(found, to: destination.name, units: options.units, text: text))
            }
        case .failure(.noWalk(let problem, let note)):
            DiscoverApp.fail(errorText.sanitize(Self.sentences(problem.sentence, note)), status: 1)
        case .failure(.couldNotAsk(let words)):
            DiscoverApp.fail(errorText.sanitize(words), status: 3)
        }
        ProcessExit.now(0)
    }

    /// The place a name means among the places around a point (every page of a snapshot, the
    /// first of a live source), or nil.
    static func place(named name: String, near start: Coordinate, radiusMeters: Double, worker: any POIsWorking) async -> POI? {
        var items: [POI] = []
        for page in 0..<PlainTextOutput.maximumSnapshotPages {
            guard let found = try? await worker.nearbyPOIs(near: start, radiusMeters: radiusMeters, category: nil, page: page) else { break }
            items += found.items
            if !found.hasMore || found.items.isEmpty || found.source.isFromNetwork { break }
        }
        return place(named: name, among: items)
    }

    /// The place a name means among places: one whose name is the same (ignoring case and
    /// accents), else one whose name contains it; the nearest first.
    static func place(named name: String, among places: [POI]) -> POI? {
        func key(_ text: String) -> String { SearchFolding.fold(text).lowercased() }
        let wanted = key(name)
        let named = places.filter { $0.name != nil }
        return named.first { key($0.name ?? "") == wanted } ?? named.first { key($0.name ?? "").contains(wanted) }
    }

    /// Two sentences on one line: the second (if any) capitalised and ended with a full stop.
    static func sentences(_ first: String, _ second: String?) -> String {
        guard let second, !second.isEmpty else { return first }
        let ended = second.hasSuffix(".") ? second : second + "."
        return first + " " + ended.prefix(1).uppercased() + ended.dropFirst()
    }

    /// The JSON object of a walk between two ends.
    static func output(_ found: RouteFinding.Found, from: Output.End, to: Output.End) -> Output {
        let route = found.route
        return Output(
            metres: Int(route.meters.rounded()), seconds: Int(route.seconds.rounded()), minutes: RouteWords.wholeMinutes(route.seconds),
            steps: route.steps.map { Output.Step(street: $0.street, kind: $0.highway.isEmpty ? nil : $0.highway, metres: Int($0.meters.rounded()), turn: $0.turn.words) },
            source: found.source, streets: found.origin, from: from, to: to)
    }

    /// The text of a walk: the summary, one numbered line a step (lengths in `units`), where it
    /// came from.
    static func text(_ found: RouteFinding.Found, to name: String?, units: NearbyPOIs.Units, text: CellText) -> String {
        let route = found.route
        let separator = text.repertoire == .ascii ? " - " : " · "
        let length = units.walkDistance
        var lines = [RouteWords.summary(route, separator: separator, distance: length) + (name.map { " to " + $0 } ?? "")]
        if RouteWords.isThere(route) { return lines.map { text.sanitize($0) }.joined(separator: "\n") + "\n" }
        for (index, phrase) in RouteWords.phrases(route.steps, distance: length).enumerated() {
            lines.append("\(index + 1). \(phrase)")
        }
        lines.append("\(found.source == "osrm" ? "Walk" : "Streets"): \(found.origin), \(found.credit)")
        return lines.map { text.sanitize($0) }.joined(separator: "\n") + "\n"
    }
}
