import Terminal
import XCTest

/// Every role of the colour themes is readable on the theme's background: a contrast of at
/// least 4.5:1 (WCAG 2.x) in xterm's default palette, for both palettes, with bold text in
/// colours 0–7 shown bright (as xterm does) and not (as many terminals do).
final class ThemeContrastTests: XCTestCase {
    func test_everyRoleOfTheColourThemesContrastsAtLeast4Point5WithItsBackground() {
        for theme in [Theme.dark, .light] {
            for palette in Theme.Palette.allCases {
                let styles = theme.styles(palette: palette)
                for role in TextRole.allCases {
                    guard let style = styles[role] else { return XCTFail("\(theme) \(palette) has no style for \(role)") }
                    for brightBold in [true, false] {
                        guard let (text, background) = XtermPalette.shown(style, theme: theme, brightBold: brightBold) else {
                            return XCTFail("\(theme) has no default colours")
                        }
                        let ratio = XtermPalette.contrast(text, background)
                        XCTAssertGreaterThanOrEqual(ratio, 4.5, "\(theme) \(palette) \(role) (bold bright: \(brightBold)): colour \(text) on \(background) is \(ratio):1")
                    }
                }
            }
        }
    }

    func test_theRatingStepsHaveSixDifferentStylesInEveryColourTheme() {
        let steps: [TextRole] = [.ratingPoor, .ratingWeak, .ratingFair, .ratingGood, .ratingGreat, .ratingExcellent]
        for theme in [Theme.dark, .light] {
            for palette in Theme.Palette.allCases {
                let styles = theme.styles(palette: palette)
                XCTAssertEqual(Set(steps.compactMap { styles[$0] }).count, 6, "\(theme) \(palette)")
            }
        }
    }

    func test_monoUsesNoColourAtAll() {
        for palette in Theme.Palette.allCases {
            for (role, style) in Theme.mono.styles(palette: palette) {
                XCTAssertNil(style.foreground, "\(role)")
                XCTAssertNil(style.background, "\(role)")
            }
        }
    }

    func test_theContrastOfBlackOnWhiteIs21AndOfXtermsYellowOnWhite1Point7() {
        XCTAssertEqual(XtermPalette.contrast(0, 15), 21, accuracy: 0.001)
        XCTAssertEqual(XtermPalette.contrast(3, 15), 1.70, accuracy: 0.01)
        XCTAssertEqual(XtermPalette.contrast(14, 15), 1.25, accuracy: 0.01)
        XCTAssertEqual(XtermPalette.rgb(25).red, 0)
        XCTAssertEqual(XtermPalette.rgb(25).green, 95)
        XCTAssertEqual(XtermPalette.rgb(25).blue, 175)
        XCTAssertEqual(XtermPalette.rgb(242).red, 108)
    }

    func test_autoReadsTheBackgroundFromCOLORFGBG() {
        XCTAssertEqual(Theme.automatic(colorfgbg: "0;15"), .light)
        XCTAssertEqual(Theme.automatic(colorfgbg: "15;0"), .dark)
        XCTAssertEqual(Theme.automatic(colorfgbg: "0;default;15"), .light)
        XCTAssertEqual(Theme.automatic(colorfgbg: "0;7"), .light)
        XCTAssertEqual(Theme.automatic(colorfgbg: "7;8"), .dark)
        XCTAssertEqual(Theme.automatic(colorfgbg: "0;231"), .light)
        XCTAssertEqual(Theme.automatic(colorfgbg: "15;234"), .dark)
        XCTAssertEqual(Theme.automatic(colorfgbg: nil), .dark)
        XCTAssertEqual(Theme.automatic(colorfgbg: "default;default"), .dark)
        XCTAssertEqual(Theme.automatic(colorfgbg: "0;999"), .dark)
        XCTAssertEqual(Theme.automatic(colorfgbg: ""), .dark)
    }
}
