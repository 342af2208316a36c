import Domain
import FoundationEssentials
import Scenes
import Workers

extension AppOptions {
    /// The TMDB credential to use: the read access token when one is set, else the API key.
    var tmdbCredential: TMDBCredential? {
        if let token = tmdbReadAccessToken { return .readAccessToken(token.value) }
        if let key = tmdbAPIKey { return .apiKey(key.value) }
        return nil
    }

    /// The TMDB secret in use, for saying where it came from.
    var tmdbSecret: ConfiguredSecret? { tmdbReadAccessToken ?? tmdbAPIKey }
}
