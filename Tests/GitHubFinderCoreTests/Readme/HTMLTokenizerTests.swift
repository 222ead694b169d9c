import Testing
@testable import GitHubFinderCore

@Suite("README: raw HTML tokens")
struct HTMLTokenizerTests {
    @Test func tagsAttributesAndText() {
        #expect(HTMLTokenizer.tokens("<P ALIGN=center>Hi &amp; <a href='x?a=1&amp;b=2'>there</a><br/></p>") == [
            .start("p", ["align": "center"], selfClosing: false), .text("Hi & "), .start("a", ["href": "x?a=1&b=2"], selfClosing: false),
            .text("there"), .end("a"), .start("br", [:], selfClosing: true), .end("p"),
        ])
    }

    @Test func commentsAndDoctypesAreDroppedAndStrayAnglesAreText() {
        #expect(HTMLTokenizer.tokens("a <!-- <b>hidden</b> --> b <!DOCTYPE html> 1 < 2 <3") == [.text("a "), .text(" b "), .text(" 1 < 2 <3")])
        #expect(HTMLTokenizer.tokens("<!-- never closed") == [])
        #expect(HTMLTokenizer.tokens("<img src=\"x") == [.text("<img src=\"x")], "an unfinished tag is text")
    }

    @Test func entities() {
        #expect(HTMLTokenizer.decodeEntities("&lt;b&gt; &#169; &#x1F600; &#0; &unknown; & &amp") == "<b> © 😀 \u{FFFD} &unknown; & &amp")
    }
}
