/// A walking route in words: distances, the summary line and the turn-by-turn steps
/// ("Simonkatu 120 m, then right onto Mannerheimintie 300 m").
public enum RouteWords {
    /// A distance for a route: under 1 km in metres rounded to 10 ("540 m", "0 m" under 5 m),
    /// else kilometres with one decimal ("1.2 km").
    /// - Parameter meters: metres (negative or not finite: 0).
    public static func distance(_ meters: Double) -> String {
        let value = meters.isFinite ? max(0, meters) : 0
        let tens = Int((value / 10).rounded()) * 10
        if tens < 1000 { return "\(tens) m" }
        return DecimalText.fixed(value / 1000, decimals: 1) + " km"
    }

    /// Walking minutes, rounded, at least 1: "~7 min".
    /// - Parameter seconds: seconds.
    public static func minutes(_ seconds: Double) -> String {
        "~\(wholeMinutes(seconds)) min"
    }

    /// Whole minutes of a walk, rounded to the nearest, at least 1.
    /// - Parameter seconds: seconds (negative or not finite: 1 minute).
    public static func wholeMinutes(_ seconds: Double) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 1 }
        return max(1, Int((seconds / 60).rounded()))
    }

    /// The summary line: "540 m by the streets · ~7 min"; "You are there" when the walk is
    /// shorter than 5 m (the start is the destination).
    /// - Parameters:
    ///   - route: the route.
    ///   - separator: the separator (" · ", or " - " in ASCII).
    ///   - distance: how a length in metres is written (the units setting; metric by default).
    public static func summary(_ route: WalkingRoute, separator: String = " · ", distance: (Double) -> String = RouteWords.distance) -> String {
        if isThere(route) { return "You are there" }
        return distance(route.meters) + " by the streets" + separator + minutes(route.seconds)
    }

    /// True when a walk is shorter than 5 m: the start is the destination.
    /// - Parameter route: the route.
    public static func isThere(_ route: WalkingRoute) -> Bool {
        !(route.meters >= 5)
    }

    /// Each step as a phrase: the first "Simonkatu 120 m", the next "then right onto
    /// Mannerheimintie 300 m" (names raw: sanitise before showing).
    /// - Parameters:
    ///   - steps: the steps.
    ///   - distance: how a length in metres is written (the units setting; metric by default).
    public static func phrases(_ steps: [RouteStep], distance: (Double) -> String = RouteWords.distance) -> [String] {
        steps.enumerated().map { index, step in
            let length = distance(step.meters)
            if index == 0 { return "\(capitalised(step.along)) \(length)" }
            switch step.turn {
            case .straight, .depart: return "then straight on along \(step.along) \(length)"
            default: return "then \(step.turn.words) onto \(step.along) \(length)"
            }
        }
    }

    /// The steps as one sentence, phrases joined with ", ".
    /// - Parameters:
    ///   - steps: the steps.
    ///   - distance: how a length in metres is written (the units setting; metric by default).
    public static func sentence(_ steps: [RouteStep], distance: (Double) -> String = RouteWords.distance) -> String {
        phrases(steps, distance: distance).joined(separator: ", ")
    }

    /// A phrase for an unnamed way of a kind.
    /// - Parameter highway: the `highway` tag.
    public static func unnamed(highway: String) -> String {
        switch highway {
        case "footway": return "a footway"
        case "path": return "a path"
        case "pedestrian": return "a pedestrian street"
        case "steps": return "steps"
        case "cycleway": return "a cycle path"
        case "track": return "a track"
        case "service": return "a service road"
        case "living_street": return "a living street"
        default: return "an unnamed street"
        }
    }

    private static func capitalised(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
