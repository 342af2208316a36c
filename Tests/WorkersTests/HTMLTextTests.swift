import Workers
import XCTest

final class HTMLTextTests: XCTestCase {
    func testTagsAreStrippedParagraphsKeptAndEntitiesDecodedExactlyOnce() {
        // Given the summary of case C07
        let html = "<p><b>Tom &amp; Jerry</b> &ndash; a cat&nbsp;chases<br>a mouse.</p><p>Second &lt;para&gt; &amp;lt; stays literal</p>"
        // When it becomes text
        let paragraphs = HTMLText.paragraphs(from: html)
        // Then tags are gone, <br> and </p> break, and &amp;lt; decodes once to &lt;
        XCTAssertEqual(paragraphs, ["Tom & Jerry – a cat chases", "a mouse.", "Second <para> &lt; stays literal"])
    }

    func testANameWithANumericEntityIsDecoded() {
        XCTAssertEqual(HTMLText.decodingEntities("Grey&#39;s Anatomy"), "Grey's Anatomy")
        XCTAssertEqual(HTMLText.decodingEntities("Law & Order"), "Law & Order")
        // A field that is HTML loses its tags.
        XCTAssertEqual(HTMLText.paragraphs(from: "<i>Fargo</i>"), ["Fargo"])
    }

    func testBrokenMarkupIsRecoveredWithoutLosingText() {
        XCTAssertEqual(HTMLText.paragraphs(from: "<p>open <b>bold and <i>never closed"), ["open bold and never closed"])
        XCTAssertEqual(HTMLText.paragraphs(from: ""), [])
        XCTAssertEqual(HTMLText.paragraphs(from: "   "), [])
        XCTAssertEqual(HTMLText.paragraphs(from: "plain\ntext"), ["plain", "text"])
    }

    func testScriptAndStyleContentsAreDropped() {
        XCTAssertEqual(HTMLText.paragraphs(from: "<p>a</p><script>alert(1)</script><style>p{}</style><p>b</p>"), ["a", "b"])
    }

    func testControlCharactersAreLeftForTheTerminalSanitiserOrDroppedByTheParser() {
        // Plain text passes untouched: the terminal layer alone decides how controls show.
        XCTAssertEqual(HTMLText.decodingEntities("A\u{1B}[2J"), "A\u{1B}[2J")
        // A character reference to a control is not a valid HTML character: the parser drops it.
        XCTAssertEqual(HTMLText.decodingEntities("A&#27;[2J"), "A[2J")
    }

    func testNamesThatLookLikeMarkupAreKeptWhole() {
        // Case C34: a name is plain text; only its character references are decoded, once
        XCTAssertEqual(HTMLText.decodingEntities("<Untitled Pilot>"), "<Untitled Pilot>")
        XCTAssertEqual(HTMLText.decodingEntities("I <3 Tokyo"), "I <3 Tokyo")
        XCTAssertEqual(HTMLText.decodingEntities("a < b > c"), "a < b > c")
        XCTAssertEqual(HTMLText.decodingEntities("Love & <Hip> Hop"), "Love & <Hip> Hop")
        XCTAssertEqual(HTMLText.decodingEntities("Love &amp; <Hip> Hop"), "Love & <Hip> Hop")
        XCTAssertEqual(HTMLText.decodingEntities("Grey&#39;s <i>Anatomy</i>"), "Grey's <i>Anatomy</i>")
        XCTAssertEqual(HTMLText.decodingEntities("&amp;lt;b&amp;gt;"), "&lt;b&gt;")
        XCTAssertEqual(HTMLText.decodingEntities("<script>x</script>"), "<script>x</script>")
    }

    func testUpperCaseTagsAreKnownUnderATurkishLocale() throws {
        // strcasecmp under tr_TR.UTF-8 does not fold I to i; the parser must not depend on it
        let saved = String(cString: setlocale(LC_CTYPE, nil))
        defer { setlocale(LC_CTYPE, saved) }
        guard setlocale(LC_CTYPE, "tr_TR.UTF-8") != nil else {
            throw XCTSkip("tr_TR.UTF-8 is not generated here (scripts/install-deps.sh makes it)")
        }
        XCTAssertEqual(HTMLText.paragraphs(from: "<LI>one</LI><LI>two</LI><SCRIPT>x()</SCRIPT>"), ["one", "two"])
    }
}
