import Domain
import FoundationEssentials

/// A place's name and kind as every view writes them: a placeholder for an unnamed place
/// (category and street), text that would draw as nothing, a source's raw label made readable.
enum PlaceText {
    /// A place's name, or for an unnamed place (no name, or one that would draw as nothing)
    /// its category and street: `Café, Divan Yolu Caddesi`, `Café (no name)`, `Unnamed place`.
    static func name(_ poi: POI) -> (text: String, isPlaceholder: Bool) {
        if let name = poi.name.map(ShowFormatting.capped), !isBlank(name) { return (name, false) }
        let street = poi.addressLines.first { !isBlank($0) }
        switch (category(poi), street) {
        case (let kind?, let street?): return ("\(kind), \(street)", true)
        case (let kind?, nil): return ("\(kind) (no name)", true)
        case (nil, let street?): return ("Unnamed place, \(street)", true)
        case (nil, nil): return ("Unnamed place", true)
        }
    }

    /// True when text would draw as nothing: only white space, controls, format characters
    /// (zero-width spaces and joiners, bidi marks) or variation selectors.
    static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            let category = scalar.properties.generalCategory
            return scalar.properties.isWhitespace || category == .format || category == .control
                || category == .nonspacingMark || (0xFE00...0xFE0F).contains(scalar.value)
        }
    }

    /// The place's kind: its first known category's name, else the source's own label made
    /// readable (`catering.coffee_shop` → `Coffee shop`), else nil.
    static func category(_ poi: POI) -> String? {
        if let first = poi.categories.first { return first.displayName }
        guard let raw = poi.rawCategories.last(where: { !isBlank($0) }) else { return nil }
        let tail = raw.split(whereSeparator: { $0 == "." || $0 == "=" }).last.map(String.init) ?? raw
        let words = tail.replacing("_", with: " ").trimming(.whitespaces)
        guard let head = words.first else { return nil }
        return head.uppercased() + words.dropFirst()
    }
}
