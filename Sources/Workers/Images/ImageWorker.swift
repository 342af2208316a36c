import Domain
import FoundationEssentials

/// Fetches pictures (posters, photos) through the app's HTTP client (its pacer, retries and
/// CA settings), keeps their bodies in an `ImageCache`, and decodes them with `JPEGCodec`,
/// scaled while decoding and then area-averaged to the box asked for. All of it runs off the
/// main actor. A URL is asked for at most once at a time: a second caller waits for the first.
public final class ImageWorker: ImageLoading {
    private let client: @Sendable (URL) -> any HTTPFetching
    private let cache: ImageCache?
    private let inFlight = InFlight()

    /// Makes a worker with one client for every picture.
    /// - Parameters:
    ///   - client: the HTTP client (a provider's own, so pictures are paced with its requests).
    ///   - cache: where bodies are kept; nil to keep none.
    public convenience init(client: any HTTPFetching, cache: ImageCache?) {
        self.init(cache: cache) { _ in client }
    }

    /// Makes a worker that asks each picture through the client of the provider it comes from.
    /// - Parameters:
    ///   - cache: where bodies are kept; nil to keep none.
    ///   - client: the client for a picture's URL.
    public init(cache: ImageCache?, client: @escaping @Sendable (URL) -> any HTTPFetching) {
        self.client = client
        self.cache = cache
    }

    public func image(at url: String, fittingWidth width: Int, height: Int) async -> ImageOutcome {
        guard let address = URL(string: url), let scheme = address.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return .failed("the picture's address is not a web address")
        }
        let body: Data
        switch await inFlight.body(for: url, fetch: { await self.fetch(address) }) {
        case .success(let data): body = data
        case .failure(let message): return .failed(message.text)
        }
        return Self.decode(body, fittingWidth: width, height: height)
    }

    /// Decodes a body and scales it to fit a box: the work `image(at:…)` does once it has the bytes.
    /// - Parameters:
    ///   - body: the picture's bytes.
    ///   - width: the box's width in pixels.
    ///   - height: the box's height in pixels.
    /// - Returns: the picture, or why there is none.
    public static func decode(_ body: Data, fittingWidth width: Int, height: Int) -> ImageOutcome {
        do {
            let decoded = try JPEGCodec.decode(body, minWidth: width, minHeight: height)
            let size = decoded.fitting(width: width, height: height)
            return .image(decoded.areaAveraged(width: size.width, height: size.height))
        } catch {
            return .failed(error.sentence)
        }
    }

    /// A sentence, as a failure (so it can travel in a `Result`).
    struct Message: Error {
        let text: String
    }

    private func fetch(_ url: URL) async -> Result<Data, Message> {
        if let kept = cache?.body(for: url) { return .success(kept) }
        do {
            let response = try await client(url).get(url, headers: ["Accept": "image/jpeg"])
            guard response.status == 200 else {
                return .failure(Message(text: "the picture could not be fetched (HTTP \(response.status))"))
            }
            cache?.store(response.body, for: url)
            return .success(response.body)
        } catch is CancellationError {
            return .failure(Message(text: "the picture's request was cancelled"))
        } catch {
            return .failure(Message(text: "the picture could not be fetched"))
        }
    }

    /// The requests under way, so that a URL is fetched once however many ask at a time.
    private actor InFlight {
        private var tasks: [String: Task<Result<Data, Message>, Never>] = [:]

        func body(for url: String, fetch: @escaping @Sendable () async -> Result<Data, Message>) async -> Result<Data, Message> {
            if let running = tasks[url] { return await running.value }
            let task = Task { await fetch() }
            tasks[url] = task
            let result = await task.value
            tasks[url] = nil
            return result
        }
    }
}
