import Domain

/// Streets from a live source, else from the embedded offline areas: when the live source
/// fails, the offline areas answer if they hold streets there; otherwise the live source's
/// error stands (the map then shows the places and the ring, with one message).
public struct FallbackStreetsWorker: StreetsWorking {
    private let primary: any StreetsWorking
    private let fallback: any StreetsWorking

    /// Makes a worker.
    /// - Parameters:
    ///   - primary: the live source, asked first.
    ///   - fallback: the offline areas.
    public init(primary: any StreetsWorking, fallback: any StreetsWorking) {
        self.primary = primary
        self.fallback = fallback
    }

    /// See `StreetsWorking.streets(near:radiusMeters:)`.
    /// - Throws: the primary's error when the fallback has no ways there (or fails too).
    public func streets(near center: Coordinate, radiusMeters: Double) async throws -> StreetMap {
        do {
            return try await primary.streets(near: center, radiusMeters: radiusMeters)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            if let offline = try? await fallback.streets(near: center, radiusMeters: radiusMeters), !offline.ways.isEmpty { return offline }
            throw error
        }
    }
}
