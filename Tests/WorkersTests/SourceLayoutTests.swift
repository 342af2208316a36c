import Foundation
import TestSupport
import XCTest

/// The layout rules checked on the source tree: which module each layer may import (what
/// Package.swift cannot stop: a C module of a dependency is visible to its dependents), no
/// file over 400 lines, one type per file, and no type over 400 lines across its extensions.
final class SourceLayoutTests: XCTestCase {
    /// The project's own modules.
    private let projectModules: Set<String> = [
        "Domain", "Workers", "Terminal", "Scenes", "App",
        "CNCursesW", "CTerminalGuard", "CCurlHTTP", "CHTMLText", "CSnapshotData"
    ]

    /// Every Swift file under `Sources/`, with its path from the package root, in path order.
    private func swiftSources() throws -> [(path: String, text: String)] {
        let root = RepositoryFiles.url("Sources")
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            throw XCTSkip("Sources/ cannot be listed")
        }
        var files: [(path: String, text: String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            files.append((url.path.replacingOccurrences(of: BuiltProducts.packageRoot.path + "/", with: ""), text))
        }
        XCTAssertGreaterThan(files.count, 50, "the sources were found")
        return files.sorted { $0.path < $1.path }
    }

    /// The modules a file imports (`import X`, `@preconcurrency import X`, `import struct X.Y`).
    private func imports(of text: String) -> Set<String> {
        var modules: Set<String> = []
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
            guard let first = words.first, first == "import", words.count >= 2 else { continue }
            let named = words.count >= 3 && ["struct", "class", "enum", "protocol", "func", "var", "typealias"].contains(String(words[1])) ? words[2] : words[1]
            modules.insert(String(named.split(separator: ".").first ?? named))
        }
        return modules
    }

    /// The files under `folder` importing a project module outside `allowed`, as `path: module`.
    private func forbiddenImports(under folder: String, allowed: Set<String>) throws -> [String] {
        try swiftSources().filter { $0.path.hasPrefix(folder) }.flatMap { file in
            imports(of: file.text).intersection(projectModules).subtracting(allowed).sorted().map { "\(file.path): \($0)" }
        }
    }

    func testDomainImportsNoOtherLayer() throws {
        XCTAssertEqual(try forbiddenImports(under: "Sources/Domain/", allowed: []), [])
    }

    func testScenesSeeOnlyDomainAndTerminal() throws {
        XCTAssertEqual(try forbiddenImports(under: "Sources/Scenes/", allowed: ["Domain", "Terminal"]), [])
    }

    func testTerminalSeesOnlyItsCModules() throws {
        XCTAssertEqual(try forbiddenImports(under: "Sources/Terminal/", allowed: ["CNCursesW", "CTerminalGuard"]), [])
    }

    func testWorkersSeeDomainAndTheirCModulesOnly() throws {
        XCTAssertEqual(try forbiddenImports(under: "Sources/Workers/", allowed: ["Domain", "CSnapshotData", "CHTMLText", "CCurlHTTP"]), [])
    }

    func testNoSourceFileIsLongerThan400Lines() throws {
        let long = try swiftSources().compactMap { file -> String? in
            let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false).count - (file.text.hasSuffix("\n") ? 1 : 0)
            return lines > 400 ? "\(file.path): \(lines) lines" : nil
        }
        XCTAssertEqual(long, [])
    }

    func testEachSourceFileDeclaresOneType() throws {
        // Top-level types that are not private; a scene's `…Protocols.swift` keeps its VIP
        // protocols together, as Clean Swift lays them out.
        let declaration = try NSRegularExpression(
            pattern:
                #"^(?:@\w+(?:\([^)]*\))?\s+)*((?:(?:public|package|internal|private|fileprivate|final|indirect)\s+)*)(?:class|struct|enum|protocol|actor|typealias)\s+(\w+)"#,
            options: [.anchorsMatchLines])
        let crowded = try swiftSources().filter { !$0.path.hasSuffix("Protocols.swift") }.compactMap { file -> String? in
            let text = file.text as NSString
            let names = declaration.matches(in: file.text, range: NSRange(location: 0, length: text.length)).compactMap { match -> String? in
                let modifiers = text.substring(with: match.range(at: 1))
                return modifiers.contains("private") ? nil : text.substring(with: match.range(at: 2))
            }
            return names.count > 1 ? "\(file.path): \(names.joined(separator: ", "))" : nil
        }
        XCTAssertEqual(crowded, [])
    }

    /// The lines of each type across its declaration and extensions: a declaration or an
    /// extension at the start of a line (after its attributes and modifiers) runs to the next
    /// one or to the end of its file, and counts to its full dotted name (`extension
    /// NearbyPOIs.LoadPOIs` to `NearbyPOIs.LoadPOIs`); nested types, indented, count to the
    /// declaration around them.
    /// - Returns: the lines and the files of each name.
    private func typeLines() throws -> [String: (lines: Int, files: Set<String>)] {
        let declaration = try NSRegularExpression(
            pattern:
                #"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|private|fileprivate|package|final|open|nonisolated|indirect)\s+)*(?:class|struct|enum|actor|extension|protocol)\s+([A-Za-z_][\w.]*)"#
        )
        var totals: [String: (lines: Int, files: Set<String>)] = [:]
        for file in try swiftSources() {
            let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var starts: [(line: Int, name: String)] = []
            for (index, line) in lines.enumerated() {
                let range = NSRange(location: 0, length: (line as NSString).length)
                guard let match = declaration.firstMatch(in: line, options: [.anchored], range: range) else { continue }
                starts.append((index, (line as NSString).substring(with: match.range(at: 1))))
            }
            for (k, start) in starts.enumerated() {
                let end = k + 1 < starts.count ? starts[k + 1].line : lines.count
                var total = totals[start.name] ?? (0, [])
                total.lines += end - start.line
                total.files.insert(file.path)
                totals[start.name] = total
            }
        }
        return totals
    }

    func testNoTypeIsLongerThan400LinesAcrossItsExtensions() throws {
        let long = try typeLines().filter { $0.value.lines > 400 }
            .sorted { ($0.value.lines, $1.key) > ($1.value.lines, $0.key) }
            .map { "\($0.key): \($0.value.lines) lines in \($0.value.files.count) files" }
        XCTAssertEqual(long, [], "types over 400 lines across their extensions:\n" + long.joined(separator: "\n"))
    }

    func testTypeLinesCountExtensionsByTheirFullNameAndNestedTypesToTheirDeclaration() throws {
        let totals = try typeLines()
        // The list's use case is counted apart from the scene's Models namespace it is nested in.
        XCTAssertGreaterThan(totals["NearbyPOIs.LoadPOIs"]?.lines ?? 0, 100)
        XCTAssertNil(totals["Response"], "a nested type counts to the declaration around it")
        XCTAssertTrue(
            totals["NearbyPOIsPresenter"]?.files.contains("Sources/App/Composition/VIPProtocols.swift") ?? false,
            "an extension in another file counts to the type")
    }
}
