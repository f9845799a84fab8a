import Testing
@testable import ScrollLabCore

/// Elision measured in the same call: the text `elide` gives and its width, whether it fits whole, is cut
/// or does not show at all.
@Suite struct TextMetricsTests {
    @Test func elideMeasuringGivesElidesTextAndItsWidth() {
        let metrics = TextMetrics(width: { text, _ in text.reduce(0.0) { $0 + ($1.isNumber ? 6.5 : $1 == "…" ? 9 : 7.5) } },
                                  lineHeight: { _ in 16 })
        for text in ["", "a", "velocity", "(1234.5, -678.9) pt/s", "adaptive-with-a-very-long-name · problem 2"] {
            for width in [0.0, 5, 8.9, 9, 20, 60, 100.5, 160, 400] {
                let measured = metrics.elideMeasuring(text, style: .mono, toWidth: width)
                let shown = metrics.elide(text, style: .mono, toWidth: width)
                #expect(measured.text == shown, "\"\(text)\" in \(width)")
                #expect(measured.width == metrics.width(shown, .mono), "\"\(text)\" in \(width)")
            }
        }
        #expect(metrics.elideMeasuring("velocity", style: .mono, toWidth: 30) == ("ve…", 24))
    }
}
