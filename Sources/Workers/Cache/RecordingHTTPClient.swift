import Domain
import FoundationEssentials
import Synchronization

/// Passes GET requests to the network and remembers the bodies of 2xx answers.
final class RecordingHTTPClient: HTTPFetching {
    private let http: any HTTPFetching
    private let bodies = Mutex<[(URL, Data)]>([])

    init(http: any HTTPFetching) {
        self.http = http
    }

    /// The URLs and bodies of the 2xx answers so far, in order.
    var successfulBodies: [(URL, Data)] {
        bodies.withLock { $0 }
    }

    func get(_ url: URL, headers: [String: String]) async throws -> HTTPResponse {
        let response = try await http.get(url, headers: headers)
        if (200..<300).contains(response.status) {
            bodies.withLock { $0.append((url, response.body)) }
        }
        return response
    }
}
