/// Fetches, keeps and decodes pictures (posters, photos) by their URL. Implementations do the
/// work off the main actor; the caller awaits.
public protocol ImageLoading: Sendable {
    /// The picture at a URL, decoded and scaled down (area-averaged) to fit a box.
    /// - Parameters:
    ///   - url: the picture's address, as the provider gave it.
    ///   - width: the box's width in pixels.
    ///   - height: the box's height in pixels.
    /// - Returns: the picture, or why there is none.
    func image(at url: String, fittingWidth width: Int, height: Int) async -> ImageOutcome
}
