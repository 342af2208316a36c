@_spi(_Unicode) import Swift

extension CellText {
    /// `text` in Normalization Form C (canonical composition, Unicode Standard Annex #15), so
    /// that `e` + U+0301 becomes the one scalar `é` and takes one cell with no mark to stack.
    /// Uses the standard library's own normalisation tables (`String._nfcCodeUnits`, the same
    /// ones `==` on strings relies on), not ICU.
    /// - Parameter text: any string.
    /// - Returns: the canonically equivalent composed string.
    static func precomposed(_ text: String) -> String {
        String(decoding: text._nfcCodeUnits, as: UTF8.self)
    }

    /// `text` in Normalization Form D (canonical decomposition, UAX #15): `é` becomes `e` +
    /// U+0301, so that the ASCII repertoire can show the base letter and drop the mark. From
    /// the standard library's tables (`String._nfd`).
    /// - Parameter text: any string.
    /// - Returns: the canonically equivalent decomposed string.
    static func decomposed(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text._nfd { scalars.append(scalar) }
        return String(scalars)
    }
}
