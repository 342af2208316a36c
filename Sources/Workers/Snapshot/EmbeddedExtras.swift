import CSnapshotData
import Domain
import FoundationEssentials

/// The cast and seasons recorded for a few shows of the embedded snapshot, decoded on demand.
enum EmbeddedExtras {
    /// The cast recorded for a show (`shows_143_cast.json`), else nil.
    static func cast(for id: Int) throws -> [CastMember]? {
        guard id == 143 else { return nil }
        return TVmazeMapper.cast(try decode(LossyArray<TVmazeDTO.CastCredit>.self, "shows_143_cast.json").elements)
    }

    /// The seasons recorded for a show (`shows_143_seasons.json`, or counted from
    /// `shows_82_episodes.json`), else nil.
    static func seasons(for id: Int) throws -> [SeasonSummary]? {
        switch id {
        case 143: return TVmazeMapper.seasons(try decode(LossyArray<TVmazeDTO.Season>.self, "shows_143_seasons.json").elements)
        case 82: return TVmazeMapper.seasons(fromEpisodes: try decode(LossyArray<TVmazeDTO.Episode>.self, "shows_82_episodes.json").elements)
        default: return nil
        }
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
        guard let bytes = EmbeddedFiles.bytes(name) else {
            throw SourceError.badData(provider: ShowCatalog.embeddedProvider, reason: "embedded file \(name) missing")
        }
        return try ProviderResponse.decode(type, from: Data(bytes.buffer), provider: ShowCatalog.embeddedProvider)
    }
}
