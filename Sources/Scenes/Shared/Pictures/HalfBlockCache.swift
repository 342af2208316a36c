import Domain
import Terminal

/// A picture (a poster, a photo) in half-blocks, scaled (area-averaged) to a box when the box
/// is smaller than the decoded picture, and kept until the picture or the box changes.
struct HalfBlockCache {
    private var key: (RGBImage, Int, Int)?
    private var made: HalfBlockImage?

    /// The half-blocks of a picture for a box; nil without a picture.
    mutating func image(_ poster: RGBImage?, fitting box: Rect) -> HalfBlockImage? {
        guard let poster else { return nil }
        if let key, key.0 == poster, key.1 == box.width, key.2 == box.height { return made }
        let size = poster.fitting(width: box.width, height: box.height * 2)
        let scaled = size.width < poster.width || size.height < poster.height ? poster.areaAveraged(width: size.width, height: size.height) : poster
        key = (poster, box.width, box.height)
        made = HalfBlockImage(width: scaled.width, height: scaled.height, rgb: scaled.pixels)
        return made
    }
}
