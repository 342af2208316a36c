/// How long a walk to a place takes, estimated from the straight-line distance.
///
/// Formula: minutes = straight-line metres × 1.3 ÷ (5 km/h = 83.3 m/min).
/// - The detour factor 1.3 is the mean circuity (network distance over straight-line
///   distance) of trips measured in cities: Levinson & El-Geneidy, "The minimum circuity
///   frontier and the journey to work", Regional Science and Urban Economics 39(6), 2009,
///   pp. 732–738 (about 1.2–1.3); Boeing, "Urban spatial order", Applied Network Science 4,
///   2019, gives street-network circuity of 1.03–1.3 for large cities.
/// - 5 km/h is the usual walking pace of route planners, for example OSRM's foot profile
///   (`walking_speed = 5`, https://github.com/Project-OSRM/osrm-backend/blob/master/profiles/foot.lua).
/// An estimate only: it is written with a `~`.
public enum WalkingEstimate {
    /// The detour factor over the straight line.
    public static let detourFactor = 1.3
    /// The walking pace, in metres a minute (5 km/h).
    public static let metersPerMinute = 5_000.0 / 60

    /// The walking time for a straight-line distance.
    /// - Parameter straightLineMeters: the distance in metres (negative or not finite: 0).
    /// - Returns: minutes, 0 or more.
    public static func minutes(straightLineMeters: Double) -> Double {
        guard straightLineMeters.isFinite, straightLineMeters > 0 else { return 0 }
        return straightLineMeters * detourFactor / metersPerMinute
    }
}
