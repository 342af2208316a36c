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

    /// Markup a browser reads otherwise than a tag-soup scan, with what the HTML5 tokenizer
    /// (WHATWG HTML 13.2.5) makes of it, so what a browser shows.
    func testBrokenMarkupReadsAsTheHTML5TokenizerReadsIt() {
        let cases: [(html: String, shown: [String], why: String)] = [
            ("a</>b", ["ab"], "end tag open, then '>': missing-end-tag-name, nothing emitted"),
            ("a<>b", ["a<>b"], "tag open, then '>': invalid-first-character-of-tag-name, '<' is text"),
            ("a< b>c", ["a< b>c"], "tag open, then a space: '<' is text"),
            ("I <3 you", ["I <3 you"], "tag open, then a digit: '<' is text"),
            ("a < b and 1 > 0", ["a < b and 1 > 0"], "'<' before a space, '>' in text"),
            ("a</ p>b", ["ab"], "end tag open, then a space: a bogus comment to the next '>'"),
            ("<p>open <b>bold and <i>never closed", ["open bold and never closed"], "unclosed elements keep their text"),
            ("cut <b", ["cut"], "eof-in-tag: the tag is dropped"),
            ("x<a href='1>2' title=\"a>b\">y</a>z", ["xyz"], "a quoted '>' does not end the tag"),
            ("a</br>b", ["a", "b"], "</br> is <br>"),
            ("<P>Up</P><LI>one", ["Up", "one"], "tag names without case"),
            ("a<!-- c -->b<!-->c<!--->d<!-- e --!>f", ["abcdf"], "comments, the abrupt ones too"),
            ("<!DOCTYPE html>a<?php x ?>b<![CDATA[c]]>d<!x>e", ["abde"], "doctype, processing instruction and CDATA are comments"),
            ("AT&T &amp; Q&A; &unknown;", ["AT&T & Q&A; &unknown;"], "'&' that starts no reference is text"),
            ("&copy 2024, &notit; &notin; &ampx &lt3", ["© 2024, ¬it; ∉ &x <3"], "legacy names without ';', longest match"),
            ("&#65;&#x42;&#67 &#; &#x; &#0; &#x80; &#xD800; &#1114112;", ["ABC &#; &#x; \u{FFFD} € \u{FFFD} \u{FFFD}"], "numeric references"),
            ("&hellip;&apos;&NotNestedGreaterGreater;", ["…'⪢̸"], "HTML5 names HTML4 lacked"),
            ("<textarea>&lt;b&gt; <i>x</i></textarea>", ["<b> <i>x</i>"], "RCDATA: references decoded, no tags"),
            ("<xmp><b>x</b> &amp;</xmp>", ["<b>x</b> &amp;"], "RAWTEXT shown as it is"),
            ("<script>if (a</b) x()</script>ok<style>p{}</STYLE >!", ["ok!"], "script data ends only at </script"),
            ("<title>T</title>shown", ["shown"], "a title is not shown"),
            ("<plaintext>a <b>b</b>", ["a <b>b</b>"], "everything after plaintext is text"),
            ("a\u{0}<b>b</b>", ["ab"], "U+0000 in text is ignored")
        ]
        for item in cases {
            XCTAssertEqual(HTMLText.paragraphs(from: item.html), item.shown, "\(item.html): \(item.why)")
        }
    }

    func testANamesReferencesNeedTheirSemicolon() {
        // A name is plain text: `&copy 2024` is what TVmaze's own page shows for it.
        XCTAssertEqual(HTMLText.decodingEntities("Tom &copy Jerry &copy; &hellip; &#39;s"), "Tom &copy Jerry © … 's")
        XCTAssertEqual(HTMLText.decodingEntities("Q&A < 3 &unknown;"), "Q&A < 3 &unknown;")
    }
}
