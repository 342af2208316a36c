import Terminal
import XCTest

/// The locale asked for, read as the C library reads it, and the one line said when it is not
/// installed (so that the program draws in ASCII).
final class LocaleInfoTests: XCTestCase {
    func testTheLocaleAskedForIsTheFirstOfLCAllLCCTypeAndLangThatIsSet() {
        XCTAssertNil(LocaleInfo.requested(environment: [:]))
        XCTAssertEqual(LocaleInfo.requested(environment: ["LANG": "en_US.UTF-8"])?.variable, "LANG")
        let both = LocaleInfo.requested(environment: ["LANG": "en_US.UTF-8", "LC_CTYPE": "de_DE.UTF-8"])
        XCTAssertEqual(both?.name, "de_DE.UTF-8")
        XCTAssertEqual(both?.variable, "LC_CTYPE")
        let empty = LocaleInfo.requested(environment: ["LC_ALL": "", "LANG": "en_US.UTF-8"])
        XCTAssertEqual(empty?.name, "en_US.UTF-8", "an empty variable counts as unset")
    }

    func testAMissingLocaleIsNamedWithTheFixAndAnInstalledOneIsNot() {
        // Given LANG naming a locale that is not installed, the C library left in ASCII
        let missing = LocaleInfo.missingLocaleNotice(environment: ["LANG": "en_US.UTF-8"], isUTF8: false) { _ in false }

        // Then one line names it, the variable, ASCII and both fixes
        XCTAssertEqual(
            missing,
            "the locale en_US.UTF-8 (LANG) is not installed, so text is in ASCII; "
                + "install it (sudo locale-gen en_US.UTF-8, or dpkg-reconfigure locales) or use LANG=C.UTF-8")
        XCTAssertFalse(missing?.contains("\n") ?? true)
        // And nothing is said when UTF-8 is in use, for C and POSIX, for an installed locale, or
        // when no locale is asked for
        XCTAssertNil(LocaleInfo.missingLocaleNotice(environment: ["LANG": "en_US.UTF-8"], isUTF8: true) { _ in false })
        XCTAssertNil(LocaleInfo.missingLocaleNotice(environment: ["LC_ALL": "C"], isUTF8: false) { _ in false })
        XCTAssertNil(LocaleInfo.missingLocaleNotice(environment: ["LC_ALL": "POSIX"], isUTF8: false) { _ in false })
        XCTAssertNil(LocaleInfo.missingLocaleNotice(environment: ["LANG": "fr_FR.ISO-8859-1"], isUTF8: false) { _ in true })
        XCTAssertNil(LocaleInfo.missingLocaleNotice(environment: [:], isUTF8: false) { _ in false })
        // A hostile name is shown in printable ASCII
        let hostile = LocaleInfo.missingLocaleNotice(environment: ["LC_ALL": "x\u{1B}[2J"], isUTF8: false) { _ in false }
        XCTAssertFalse(hostile?.contains("\u{1B}") ?? true, hostile ?? "")
    }

    func testInstalledIsAskedOfTheCLibrary() {
        XCTAssertTrue(LocaleInfo.isInstalled("C"))
        XCTAssertTrue(LocaleInfo.isInstalled("C.UTF-8"))
        XCTAssertFalse(LocaleInfo.isInstalled("zz_ZZ.UTF-8"))
    }
}
