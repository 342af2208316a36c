import Foundation

/// Recorded TVmaze answers put together for the requests the TV scenes make.
public enum TVmazeRecordings {
    /// `GET /shows/143?embed[]=cast&embed[]=seasons` (Silicon Valley) as TVmaze shapes it: the
    /// show object from the recorded `GET /shows?page=0` with the recorded `GET /shows/143/cast`
    /// and `GET /shows/143/seasons` answers under `_embedded` (see Sources/CSnapshotData/data/PROVENANCE.md).
    /// - Returns: the JSON body.
    /// - Throws: `FixtureError` when a recording is missing or unreadable.
    public static func siliconValleyDetails() throws -> Data {
        guard let page = try JSONSerialization.jsonObject(with: Fixtures.snapshotData("shows_page_0.json")) as? [[String: Any]],
            var show = page.first(where: { ($0["id"] as? Int) == 143 })
        else {
            throw FixtureError.missing("show 143 in shows_page_0.json")
        }
        let cast = try JSONSerialization.jsonObject(with: Fixtures.snapshotData("shows_143_cast.json"))
        let seasons = try JSONSerialization.jsonObject(with: Fixtures.snapshotData("shows_143_seasons.json"))
        show["_embedded"] = ["cast": cast, "seasons": seasons]
        return try JSONSerialization.data(withJSONObject: show)
    }
}
