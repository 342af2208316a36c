/// How fast a walk goes: the pace on level ways and how much slower a flight of steps is.
///
/// The default 4.8 km/h is the walking speed route planners use for adults in towns (the
/// Highway Capacity Manual's 1.2–1.3 m/s for pedestrians; 4.8 km/h = 1.33 m/s). Steps count
/// double: a flight is walked at half the pace, going up or down.
public struct WalkingPace: Sendable, Hashable {
    /// The default pace, in km/h.
    public static let defaultKilometresPerHour = 4.8
    /// The slowest and fastest paces the setting takes, in km/h.
    public static let allowedKilometresPerHour = 1.0...10.0
    /// How many times longer a metre of steps takes than a metre of level way.
    public static let stepsFactor = 2.0
    /// The default pace.
    public static let standard = WalkingPace(kilometresPerHour: defaultKilometresPerHour)

    /// The pace on level ways, in km/h (clamped to `allowedKilometresPerHour`).
    public let kilometresPerHour: Double

    /// Makes a pace.
    /// - Parameter kilometresPerHour: km/h; a value outside 1–10 (or not finite) is clamped
    ///   (not finite: the default).
    public init(kilometresPerHour: Double) {
        let value = kilometresPerHour.isFinite ? kilometresPerHour : Self.defaultKilometresPerHour
        self.kilometresPerHour = min(Self.allowedKilometresPerHour.upperBound, max(Self.allowedKilometresPerHour.lowerBound, value))
    }

    /// The pace in metres a second.
    public var metresPerSecond: Double { kilometresPerHour * 1000 / 3600 }

    /// The seconds a walk takes for a length already weighted for steps (level metres, plus
    /// steps' metres times `stepsFactor`).
    /// - Parameter weightedMetres: metres, 0 or more.
    /// - Returns: seconds.
    public func seconds(weightedMetres: Double) -> Double { max(0, weightedMetres) / metresPerSecond }

    /// Reads a setting's value: a decimal number of km/h from 1 to 10 (`4.8`, `5`).
    /// - Parameter text: the value as given.
    /// - Returns: the pace, or nil for anything else.
    public static func parse(_ text: String) -> WalkingPace? {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            let value = Double(trimmed), allowedKilometresPerHour.contains(value)
        else { return nil }
        return WalkingPace(kilometresPerHour: value)
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
