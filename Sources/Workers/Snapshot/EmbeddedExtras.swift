import CSnapshotData
import Domain
import FoundationEssentials

/// The cast and seasons recorded for a few shows of the embedded snapshot, decoded on demand.
enum EmbeddedExtras {
    /// The cast recorded for a show (`casts_compact.json`, see `SnapshotEpisodesWorker.cast(showID:)`),
    /// else nil.
    static func cast(for id: Int) throws -> [CastMember]? {
        try SnapshotEpisodesWorker.cast(showID: id)?.cast
    }

    /// The seasons recorded for a show (`shows_143_seasons.json`, or counted from its
    /// recorded episode list, `SnapshotEpisodesWorker`), else nil.
    static func seasons(for id: Int) throws -> [SeasonSummary]? {
        switch id {
        case 143: return TVmazeMapper.seasons(try decode(LossyArray<TVmazeDTO.Season>.self, "shows_143_seasons.json").elements)
        default: return try SnapshotEpisodesWorker.recordedSeasons(showID: id)
        }
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
        guard let bytes = EmbeddedFiles.bytes(name) else {
            throw SourceError.badData(provider: ShowCatalog.embeddedProvider, reason: "embedded file \(name) missing")
        }
        return try ProviderResponse.decode(type, from: Data(bytes.buffer), provider: ShowCatalog.embeddedProvider)
    }
}
