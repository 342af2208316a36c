import Domain
import Terminal
import Workers

/// The picture worker of the screen (posters, photos): TVmaze's client (its pacer, timeouts and
/// the CA settings), the image cache in `$XDG_CACHE_HOME/discover-tui/images` (none with
/// `--no-cache`), libturbojpeg to decode.
enum ImagesComposition {
    /// The worker, or nil when no picture is to be fetched: the screen draws none
    /// (`--images off`, `--ascii`, `--theme mono`, `NO_COLOR`, fewer than 256 colours) or no
    /// request may leave (`--offline`).
    /// - Parameters:
    ///   - options: the settings.
    ///   - colours: how the screen draws pictures.
    ///   - environment: the environment (`XDG_CACHE_HOME`, `HOME`).
    ///   - table: the providers.
    static func worker(
        options: AppOptions, colours: ImageColours, environment: [String: String], table: ProviderTable = .standard
    ) -> (any ImageLoading)? {
        guard colours != .none, !options.offline, let row = table.row(.tvmaze) else { return nil }
        let http = row.client(totalSeconds: row.timeouts.alone, authorities: options.authorities)
        return ImageWorker(client: http, cache: options.noCache ? nil : ImageCache.open(environment: environment))
    }
}
