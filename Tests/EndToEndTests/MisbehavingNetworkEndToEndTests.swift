import Foundation
import TestSupport
import XCTest

/// The built binary against misbehaving APIs. One that accepts connections and never answers
/// (case C16): keys are still answered, the loading is shown, the timeout (15 s for a call,
/// every try included) ends in an error with the retry key, and `q` quits at once with the
/// terminal restored. One that rate-limits (case C17): a countdown, then a retry by itself.
final class MisbehavingNetworkEndToEndTests: XCTestCase {
    /// The app's whole-call limit (`ResilientHTTPClient.live`), and some room for a loaded machine.
    private let errorTimeout = 15.0 + 10

    /// At 120 columns the status bar holds the whole error beside the source and its credit.
    private func start(_ arguments: [String], environment: [String: String] = [:]) throws -> TmuxTerminal {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        return try TmuxTerminal(command: [BuiltProducts.discover] + arguments, width: 120, height: 30, environment: environment)
    }

    /// Presses `q` and checks the app is gone within a second with the terminal as it was.
    private func quitsAtOnce(_ term: TmuxTerminal, file: StaticString = #filePath, line: UInt = #line) {
        let pressed = ContinuousClock.now
        term.send("q")
        XCTAssertEqual(term.exitStatus(timeout: 5), 0, file: file, line: line)
        XCTAssertLessThan(ContinuousClock.now - pressed, .seconds(1), "q quits at once", file: file, line: line)
        XCTAssertTrue(term.terminalRestored(), "stty -g is the same after the run: \(term.terminalSettings())", file: file, line: line)
        XCTAssertTrue(term.normalScreenWithCursor(), file: file, line: line)
    }

    func testPOIsStayUsableWhileASearchHangsThenReportTheTimeoutAndQuitAtOnce() throws {
        // Given a Geoapify that answers the first search and then never again
        let server = LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/v2/places", .json(try RepositoryFiles.data("Sources/CSnapshotData/data/places_paris_cafes_proximity.json")), .neverAnswer)
        let key = "TEST-KEY-hang-51"
        let term = try start(
            ["places", "--source", "geoapify", "--geoapify-base", try server.start().absoluteString, "--near", "48.8566,2.3522"],
            environment: ["GEOAPIFY_API_KEY": key])
        XCTAssertNotNil(term.waitFor("Powered by Geoapify"), "the first page arrives")

        // When the radius widens and the search hangs
        term.send("+")
        let loading = try XCTUnwrap(term.waitUntil { $0.last?.contains("Looking for places within 5 km") ?? false }, "the loading is shown")
        XCTAssertTrue(loading.last?.contains("1/") ?? false, loading.last ?? "")

        // Then keys are still answered: the selection moves and the help opens and closes
        term.send("Down", "Down")
        XCTAssertNotNil(term.waitUntil(timeout: 2) { $0.last?.contains("3/") ?? false }, "the selection moves while loading")
        term.send("?")
        XCTAssertNotNil(term.waitFor("Keys", timeout: 2), "the help opens while loading")
        term.send("Escape")
        XCTAssertNotNil(term.waitUntil(timeout: 2) { !$0.joined().contains("Keys") })

        // And after the time limit the error names the source, the cause and the retry key,
        // with the places still listed
        let failed = try XCTUnwrap(
            term.waitFor(#"Geoapify is unreachable \(no answer within 1\d s; r retries\)"#, timeout: errorTimeout),
            term.screen().joined(separator: "\n"))
        XCTAssertTrue(failed.contains { $0.contains("within 5 km") })
        XCTAssertFalse(failed.joined().contains(key))
        XCTAssertGreaterThanOrEqual(server.requests.count, 2)

        // When r asks again (and hangs again), q still quits at once
        term.send("r")
        XCTAssertNotNil(term.waitUntil(timeout: 2) { $0.last?.contains("Looking for places") ?? false })
        quitsAtOnce(term)
    }

    func testTheShowsListLoadsTimesOutWithARetryKeyAndQuitsAtOnce() throws {
        // Given a TVmaze that never answers
        let server = LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/shows", .neverAnswer)
        server.route("/schedule", .neverAnswer)
        server.route("/schedule/web", .neverAnswer)
        let term = try start(["--source", "tvmaze"], environment: ["DISCOVER_TVMAZE_URL": try server.start().absoluteString])

        // When / Then: the loading is shown and the keys are answered
        XCTAssertNotNil(term.waitFor("Loading popular shows"), "the loading is shown")
        term.send("?")
        XCTAssertNotNil(term.waitFor("Keys", timeout: 2), "the help opens while loading")
        term.send("Escape")
        term.send("Tab")
        XCTAssertNotNil(term.waitFor(#"\[Places\]"#, timeout: 2), "Tab reaches the places while the shows load")
        term.send("BTab")
        XCTAssertNotNil(term.waitFor(#"\[Shows\]"#, timeout: 2))

        // And the time limit ends in an error with the retry key
        XCTAssertNotNil(
            term.waitFor(#"TVmaze is unreachable \(no answer within 1\d s\)\. Press r to retry\."#, timeout: errorTimeout),
            term.screen().joined(separator: "\n"))
        term.send("r")
        XCTAssertNotNil(term.waitFor("Loading popular shows", timeout: 2))
        quitsAtOnce(term)
    }

    func testARateLimitCountsDownOnScreenAndTheSearchGoesAgainByItself() throws {
        // Given a Geoapify that asks to wait 3 s, then answers (case C17)
        let server = LoopbackHTTPServer()
        defer { server.stop() }
        server.route(
            "/v2/places", .tooManyRequests(retryAfter: "3"),
            .json(try RepositoryFiles.data("Sources/CSnapshotData/data/places_paris_cafes_proximity.json")))
        let term = try start(
            ["places", "--source", "geoapify", "--geoapify-base", try server.start().absoluteString, "--near", "48.8566,2.3522"],
            environment: ["GEOAPIFY_API_KEY": "TEST-KEY-429"])

        // When / Then: the countdown is shown and goes down
        XCTAssertNotNil(term.waitFor(#"Geoapify is rate limiting: retrying in [23] s\. Press r to retry now\."#), term.screen().joined(separator: "\n"))
        XCTAssertNotNil(term.waitFor("retrying in 1 s", timeout: 4))
        // And the places arrive without a key pressed, asked for no sooner than 3 s after the 429
        XCTAssertNotNil(term.waitFor("Powered by Geoapify", timeout: 5))
        let times = server.requests.map(\.receivedAt)
        XCTAssertEqual(times.count, 2)
        if times.count == 2 { XCTAssertGreaterThanOrEqual(times[1] - times[0], .milliseconds(2_900)) }
        quitsAtOnce(term)
    }
}
