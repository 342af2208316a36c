import Domain
import Terminal
import Workers

/// The picture worker of the screen (posters, photos): the client of the provider a picture
/// comes from (its pacer, timeouts and the CA settings: TMDB's for image.tmdb.org, else
/// TVmaze's), the image cache in `$XDG_CACHE_HOME/discover-tui/images` (none with
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
        guard colours != .none, !options.offline, let tvmaze = table.row(.tvmaze) else { return nil }
        let http = tvmaze.client(totalSeconds: tvmaze.timeouts.alone, authorities: options.authorities)
        // TMDB's pictures (image.tmdb.org) through TMDB's client and pace; the others TVmaze's.
        let tmdb = table.row(.tmdb).map { $0.client(totalSeconds: $0.timeouts.alone, authorities: options.authorities) } ?? http
        return ImageWorker(cache: options.noCache ? nil : ImageCache.open(environment: environment)) { url in
            url.host?.lowercased().hasSuffix("tmdb.org") == true ? tmdb : http
        }
    }
}
