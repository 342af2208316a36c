/// Where `route` finds its walk (`--route-source`).
enum RouteSourceChoice: String, CaseIterable, Equatable, Sendable {
    /// The streets loaded here, then FOSSGIS's OSRM when they do not connect the two points
    /// (never with `--offline`).
    case auto
    /// The streets loaded here only.
    case local
    /// FOSSGIS's OSRM only.
    case osrm
}
