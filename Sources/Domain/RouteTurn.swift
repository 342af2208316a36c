/// The turn at the start of a step of a walking route, from the change of heading.
public enum RouteTurn: String, Sendable, Hashable, CaseIterable {
    /// The first step: no turn.
    case depart
    /// Less than 25° either way.
    case straight
    /// 25–60° to the left.
    case slightLeft
    /// 60–135° to the left.
    case left
    /// More than 135° to the left.
    case sharpLeft
    /// 25–60° to the right.
    case slightRight
    /// 60–135° to the right.
    case right
    /// More than 135° to the right.
    case sharpRight

    /// The turn for a change of heading.
    /// - Parameter degrees: the new heading minus the old, in degrees (any value; positive
    ///   is clockwise, to the right).
    public init(headingChange degrees: Double) {
        var change = degrees.truncatingRemainder(dividingBy: 360)
        if change > 180 { change -= 360 }
        if change < -180 { change += 360 }
        let size = abs(change)
        switch size {
        case ..<25: self = .straight
        case ..<60: self = change > 0 ? .slightRight : .slightLeft
        case ..<135: self = change > 0 ? .right : .left
        default: self = change > 0 ? .sharpRight : .sharpLeft
        }
    }

    /// The turn in words: "right", "slight left", "straight on", "start".
    public var words: String {
        switch self {
        case .depart: return "start"
        case .straight: return "straight on"
        case .slightLeft: return "slight left"
        case .left: return "left"
        case .sharpLeft: return "sharp left"
        case .slightRight: return "slight right"
        case .right: return "right"
        case .sharpRight: return "sharp right"
        }
    }
}
