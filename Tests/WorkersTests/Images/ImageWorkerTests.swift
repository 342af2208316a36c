import Domain
import Foundation
import TestSupport
import XCTest

@testable import Workers

/// The picture worker over a loopback server and a real cache folder: fetched once, kept,
/// decoded; the cache held under its cap, oldest first.
final class ImageWorkerTests: XCTestCase {
    private var root = ""
    private let server = LoopbackHTTPServer()

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("discover-images-\(UUID().uuidString)").path
    }

    override func tearDownWithError() throws {
        server.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    func testAPictureIsFetchedOnceThenReadFromTheCache() async throws {
        let jpeg = try JPEGCodec.encode(RGBImage.gradient(width: 210, height: 295))
        server.route("/poster.jpg", ScriptedResponse(headers: ["Content-Type": "image/jpeg"], body: jpeg))
        let base = try server.start()
        let url = base.absoluteString + "/poster.jpg"
        let worker = ImageWorker(client: CurlHTTPClient(timeout: 5), cache: try ImageCache(directory: root))
        async let first = worker.image(at: url, fittingWidth: 30, height: 44)
        async let second = worker.image(at: url, fittingWidth: 30, height: 44)
        let answers = await [first, second]
        for answer in answers {
            guard case .image(let image) = answer else { return XCTFail("no picture: \(answer)") }
            // 210 × 295 fits 30 × 44 as 30 × 42.
            XCTAssertEqual(image.width, 30)
            XCTAssertEqual(image.height, 42)
        }
        // A new worker on the same folder reads the kept body.
        let again = await ImageWorker(client: CurlHTTPClient(timeout: 5), cache: try ImageCache(directory: root)).image(at: url, fittingWidth: 30, height: 44)
        guard case .image = again else { return XCTFail("no picture from the cache") }
        XCTAssertEqual(server.requests.filter { $0.path == "/poster.jpg" }.count, 1)
    }

    func testAFailedFetchOrANonImageIsASentence() async throws {
        server.route("/missing.jpg", ScriptedResponse(status: 404))
        server.route("/page.jpg", ScriptedResponse(headers: ["Content-Type": "text/html"], body: Data("<html></html>".utf8)))
        let base = try server.start()
        let worker = ImageWorker(client: CurlHTTPClient(timeout: 5), cache: nil)
        let missing = await worker.image(at: base.absoluteString + "/missing.jpg", fittingWidth: 30, height: 44)
        XCTAssertEqual(missing, .failed("the picture could not be fetched (HTTP 404)"))
        guard case .failed(let sentence) = await worker.image(at: base.absoluteString + "/page.jpg", fittingWidth: 30, height: 44) else {
            return XCTFail("a page decoded")
        }
        XCTAssertTrue(sentence.hasPrefix("the picture could not be read"), sentence)
        let notWeb = await worker.image(at: "file:///etc/passwd", fittingWidth: 30, height: 44)
        XCTAssertEqual(notWeb, .failed("the picture's address is not a web address"))
    }

    func testTheCacheDropsTheOldestPastItsCap() throws {
        let cache = try ImageCache(directory: root, capBytes: 2_500)
        let body = Data(repeating: 7, count: 1_000)
        for i in 0..<3 {
            cache.store(body, for: try XCTUnwrap(URL(string: "https://example.test/\(i).jpg")))
            // Modification times a second apart, so "oldest" is certain.
            let name = ResponseCache.fileName(for: try XCTUnwrap(URL(string: "https://example.test/\(i).jpg"))).dropLast(6)
            var times = [timeval(tv_sec: 1_000 + i, tv_usec: 0), timeval(tv_sec: 1_000 + i, tv_usec: 0)]
            XCTAssertEqual(utimes(root + "/" + name + ".image", &times), 0)
        }
        cache.store(body, for: try XCTUnwrap(URL(string: "https://example.test/3.jpg")))
        let kept = try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.hasSuffix(".image") }
        XCTAssertEqual(kept.count, 2)
        XCTAssertNil(cache.body(for: try XCTUnwrap(URL(string: "https://example.test/0.jpg"))))
        XCTAssertNil(cache.body(for: try XCTUnwrap(URL(string: "https://example.test/1.jpg"))))
        XCTAssertEqual(cache.body(for: try XCTUnwrap(URL(string: "https://example.test/3.jpg"))), body)
    }
}
