import Domain
import FoundationEssentials
import Scenes
import Terminal
import Workers

/// Finds `route`'s walk as `--route-source` says: over the streets loaded here (`local`),
/// FOSSGIS's OSRM (`osrm`), or the streets and then OSRM when they do not connect the two
/// points or cannot be loaded (`auto`; never with `--offline`).
enum RouteFinding {
    /// A walk found, with where it came from.
    struct Found {
        /// The walk.
        let route: WalkingRoute
        /// `local` (worked out here) or `osrm`, as `--json` writes it.
        let source: String
        /// Where the streets or the walk came from, in words (`offline snapshot 2021-07-07`,
        /// `FOSSGIS OSRM live`).
        let origin: String
        /// The credit to print under the walk.
        let credit: String
    }

    /// Why no walk was found.
    enum Failure: Error {
        /// There is no walk (the sentence of the local search's problem, or OSRM's), with a
        /// line about OSRM when it was asked too.
        case noWalk(RouteProblem, note: String?)
        /// A source could not be asked (the sentence).
        case couldNotAsk(String)
    }

    /// Finds the walk.
    /// - Parameters:
    ///   - start: where it starts.
    ///   - destination: where it ends.
    ///   - options: the settings (`routeSource`, `offline`, `walkingPace`, `osrmBase`).
    ///   - streets: the streets source.
    ///   - table: the providers (OSRM's row gives its client and pacer).
    /// - Returns: the walk, or why there is none.
    static func walk(
        from start: Coordinate, to destination: Coordinate, options: AppOptions, streets: any StreetsWorking, table: ProviderTable = .standard
    ) async -> Result<Found, Failure> {
        let osrmAllowed = !options.offline && options.routeSource != .local
        if options.routeSource == .osrm {
            return await asked(start, destination, options: options, table: table)
        }
        let map: StreetMap
        do {
            let middle = Coordinate(validLatitude: (start.latitude + destination.latitude) / 2, longitude: (start.longitude + destination.longitude) / 2) ?? start
            let reach = min(StreetMap.maximumRadiusMeters, max(1_000, start.distanceMeters(to: destination) / 2 + 500))
            map = try await streets.streets(near: middle, radiusMeters: reach)
        } catch {
            let words = "cannot load the streets for a walk" + ((error as? SourceError).map { ": " + ShowFormatting.error($0) } ?? "")
            guard osrmAllowed else { return .failure(.couldNotAsk(words)) }
            switch await asked(start, destination, options: options, table: table) {
            case .failure(.couldNotAsk(let also)): return .failure(.couldNotAsk(words + "; " + also))
            // No streets were loaded: OSRM's "no route" is not about the streets loaded here.
            case .failure(.noWalk): return .failure(.noWalk(.noWalkFound, note: words.prefix(1).uppercased() + words.dropFirst() + "."))
            case let other: return other
            }
        }
        do throws(RouteProblem) {
            let route: WalkingRoute
            do throws(RouteProblem) {
                route = try WalkingRouter(graph: WalkingGraph(ways: map.ways), pace: options.walkingPace).route(from: start, to: destination)
            } catch .noStreets where start.distanceMeters(to: destination) / 2 + 500 > StreetMap.maximumRadiusMeters {
                // The streets were loaded around the middle of a walk too long for them to reach
                // either end: it is the destination that lies beyond them.
                throw .destinationBeyondStreets(meters: start.distanceMeters(to: destination))
            }
            return .success(Found(route: route, source: "local", origin: ShowFormatting.source(map.source), credit: "walk worked out here; © OpenStreetMap contributors"))
        } catch {
            guard osrmAllowed else { return .failure(.noWalk(error, note: nil)) }
            switch await asked(start, destination, options: options, table: table) {
            case .success(let found): return .success(found)
            case .failure(.noWalk): return .failure(.noWalk(error, note: "\(OSRMFootWorker.provider) finds no walk either."))
            case .failure(.couldNotAsk(let words)): return .failure(.noWalk(error, note: words))
            }
        }
    }

    /// The walk asked of OSRM over its row's client (its one pacer: one request a second).
    private static func asked(_ start: Coordinate, _ destination: Coordinate, options: AppOptions, table: ProviderTable) async -> Result<Found, Failure> {
        let provider = OSRMFootWorker.provider
        guard let row = table.row(provider), let base = options.osrmBase ?? OSRMFootWorker.defaultBaseURL else {
            return .failure(.couldNotAsk("\(provider) cannot be asked: no server"))
        }
        let worker = OSRMFootWorker(baseURL: base, http: row.client(totalSeconds: row.timeouts.alone, authorities: options.authorities), pace: options.walkingPace)
        do {
            let route = try await worker.walk(from: start, to: destination)
            return .success(Found(route: route, source: "osrm", origin: "\(provider) live", credit: provider.credit))
        } catch let problem as RouteProblem {
            return .failure(.noWalk(problem, note: nil))
        } catch let error as SourceError {
            return .failure(.couldNotAsk("cannot ask \(provider) for a walk: " + ShowFormatting.error(error)))
        } catch {
            return .failure(.couldNotAsk("cannot ask \(provider) for a walk"))
        }
    }
}
