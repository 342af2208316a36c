/// What came of asking for a picture.
public enum ImageOutcome: Sendable, Hashable {
    /// The picture, scaled to fit the box asked for.
    case image(RGBImage)
    /// No picture: a sentence for the message log (the body was no JPEG, was cut short, the
    /// source failed, or the decoder is not installed).
    case failed(String)
}
