import Domain
import Workers
import XCTest

@testable import App

/// The `services` setting from its flag, variable and config key, and its usage errors.
final class ServicesSettingTests: XCTestCase {
    func testTheFlagTheVariableAndTheKeyEachSetTheServices() throws {
        XCTAssertNil(try AppOptions.parse([], environment: [:]).services)
        XCTAssertEqual(try AppOptions.parse(["--services", "Netflix, max"], environment: [:]).services?.text, "netflix,max")
        XCTAssertEqual(try AppOptions.parse([], environment: ["DISCOVER_SERVICES": "PRIME"]).services?.text, "prime")
        let file = try ConfigFile.parse("services = disney, apple", path: "/cfg", schema: AppOptions.configSchema)
        XCTAssertEqual(try AppOptions.parse([], environment: [:], config: file).services?.text, "disney,apple")
        XCTAssertEqual(
            try AppOptions.parse(["--services", "hulu"], environment: ["DISCOVER_SERVICES": "peacock"], config: file).services?.text, "hulu",
            "the flag wins over the variable and the file")
    }

    func testAnUnknownServiceIsAUsageErrorNamingTheSettingAndTheKnownOnes() {
        for (arguments, environment, label) in [
            (["--services", "netflix,foo"], [String: String](), "--services"),
            ([], ["DISCOVER_SERVICES": "netflix,,max"], "DISCOVER_SERVICES")
        ] {
            XCTAssertThrowsError(try AppOptions.parse(arguments, environment: environment)) { error in
                let message = (error as? UsageError)?.message ?? ""
                XCTAssertTrue(message.hasPrefix(label + " "), message)
                XCTAssertTrue(message.contains("(got '"), message)
            }
        }
        XCTAssertThrowsError(try AppOptions.parse(["--services", "foo"], environment: [:])) { error in
            XCTAssertTrue(((error as? UsageError)?.message ?? "").contains("unknown service 'foo' (known: netflix, max, prime, disney, apple, hulu, paramount, peacock)"), "\(error)")
        }
    }
}
