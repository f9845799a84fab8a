import Testing
import ScrollKit
@testable import LabKit

/// `sweep report --html`'s page (B-REPORT-1): self-contained, escaped, every row's measure in the cost sheet.
@Suite struct SweepReportPageTests {
    static let row: JSONValue = .object([
        ("policy", .string("eager")), ("factor", .string("source")), ("value", .string("3g")), ("sessions", .int(6)),
        ("blankTileSeconds", .object([("mean", .number(49.06)), ("lo", .number(19.57)), ("hi", .number(88.17))])),
        ("loadsIssued", .null), ("undominatedShare", .number(0.5)),
        ("someNewCost", .object([("mean", .number(1234.5)), ("lo", .number(1000)), ("hi", .number(1500))])),
    ])

    @Test func everyMeasureOfARowIsACellWithItsExactFigures() {
        let page = SweepReportPage(title: "t", rows: [Self.row], conditions: []).html
        #expect(page.contains(#"<td data-key="blankTileSeconds" data-mean="49.06" data-lo="19.57" data-hi="88.17""#))
        // Rounded as `sweep report`'s table rounds the same cell (blank time: 2 decimals), not to a figure.
        #expect(page.contains("49.06 <small>[19.57, 88.17]</small>"))
        #expect(page.contains("1234.50 <small>[1000.00, 1500.00]</small>"))
        // A measure the page does not know is shown under its own name.
        #expect(page.contains(#"<th>someNewCost</th>"#) && page.contains(#"data-mean="1234.5""#))
        #expect(page.contains(#"<td data-key="undominatedShare" data-value="0.5">50%</td>"#))
        #expect(page.contains(#"<table data-factor="source" data-value="3g">"#))
    }

    /// The page says what was run: the sessions, the policies, each factor's values; and what its two
    /// less obvious words mean.
    @Test func thePageSaysWhatWasRun() {
        func result(_ gesture: String, _ policy: String, _ source: String, cache: String = "12") -> SweepSummary.Result {
            SweepSummary.Result(gesture: gesture, policy: policy, factors: ["source": source, "cacheImages": cache],
                                blankTileSeconds: 1, loadsIssued: 2, loadsWasted: 0)
        }
        let results = [result("session-00002", "eager", "3g"), result("session-00000", "adaptive", "lte", cache: "24"),
                       result("session-00001", "eager", "latency 1000 ms", cache: "6"), result("session-00001", "eager", "latency 80 ms")]
        let runs = SweepReportPage.whatWasRun(results)
        #expect(runs.count == 3)
        #expect(runs[0].hasPrefix("Sessions: 3 (session-00000 … session-00002), each replayed under every configuration"))
        #expect(runs[1] == "Policies: eager, adaptive.")
        // In the tables' order whatever the order of the lines (a merge sorts them by id; was: first met).
        #expect(SweepReportPage.whatWasRun(Array(results.reversed())) == runs)
        #expect(SweepReportPage.whatWasRun([result("s", "glide", "lte"), result("s", "prefetch", "lte"), result("s", "chrome", "lte"),
                                            result("s", "eager", "lte")])[1] == "Policies: eager, prefetch, glide, chrome.")
        // Values in the tables' order: by size, latencies before networks, networks from the fastest.
        #expect(runs[2] == "Factors: cacheImages 6, 12, 24; source latency 80 ms, latency 1000 ms, lte, 3g.")
        let page = SweepReportPage(title: "t", rows: [Self.row], conditions: [], runs: runs).html
        #expect(page.contains("<h2>What was run</h2>\n<p class=\"runs\">Sessions: 3"))
        #expect(page.contains("Undominated: the share of sessions in which no other policy beats this one on both loads issued"))
        #expect(SweepReportPage.whatWasRun([]).isEmpty)
    }

    @Test func textIsEscapedAndTheEmbeddedLinesCannotCloseTheirScript() {
        var pairs: [(String, JSONValue)] = []
        if case let .object(p) = Self.row { pairs = p }
        pairs[0] = ("policy", .string("</script><b>&\""))
        let page = SweepReportPage(title: "a <title> & more", rows: [.object(pairs)], conditions: []).html
        #expect(page.contains("<title>a &lt;title&gt; &amp; more</title>"))
        #expect(page.contains("&lt;/script&gt;&lt;b&gt;&amp;&quot;"))
        #expect(page.components(separatedBy: "</script>").count == 3)   // the two embedded blocks' own ends only
        #expect(!page.contains("http://") && !page.contains("https://"))
    }

    /// A quote or a `<` followed by a combining mark is one Character, but the browser still ends the
    /// attribute (or opens a tag) at it: escaping goes scalar by scalar.
    @Test func aQuoteBeforeACombiningMarkIsEscaped() {
        #expect(SweepReportPage.escaped("ev\"\u{338} onmouseover=alert(1) x=") == "ev&quot;\u{338} onmouseover=alert(1) x=")
        #expect(SweepReportPage.escaped("<\u{338}b>'") == "&lt;\u{338}b&gt;&#39;")
        #expect(SweepReportPage.embedded([.string("<\u{338}/script>")]) == "[\"\\u003c\u{338}/script>\"]")
        var pairs: [(String, JSONValue)] = []
        if case let .object(p) = Self.row { pairs = p }
        pairs[0] = ("policy", .string("ev\"\u{338} onmouseover=alert(1) x="))
        let page = SweepReportPage(title: "t", rows: [.object(pairs)], conditions: []).html
        // Compared byte by byte: Swift's `contains` would match Characters, which is the very blind spot.
        func has(_ needle: String) -> Bool {
            let h = Array(page.utf8), n = Array(needle.utf8)
            return h.count >= n.count && (0...(h.count - n.count)).contains { h[$0..<($0 + n.count)].elementsEqual(n) }
        }
        #expect(!has("ev\"") && has("<tr data-policy=\"ev&quot;\u{338} onmouseover=alert(1) x=\">"))
    }

    /// A budget far past any run (`--budget energy=1e19J`) prints, where it used to trap converting to an Int.
    @Test func figuresPastAnIntPrintWithoutTrapping() {
        #expect(SweepRecommendation.fixed(1e19, 2) == "1e+19")
        #expect(SweepRecommendation.fixed(-1e30, 0) == "-1e+30")
        #expect(SweepRecommendation.fixed(9e15, 0) == "9000000000000000")
        #expect(SweepReportPage.fixed(1e300, 1) == "1e+300")
    }

    @Test func figuresKeepThreeSignificantDigits() {
        #expect(SweepReportPage.figure(1234.5) == "1235")
        #expect(SweepReportPage.figure(49.06) == "49.1")
        #expect(SweepReportPage.figure(0.004) == "0.00")
        #expect(SweepReportPage.figure(-2.125) == "-2.13")
        #expect(SweepReportPage.fixed(.nan, 2) == "–")
    }
}
