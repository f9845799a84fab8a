import CSDL
import ScrollLabCore
import Testing
@testable import ScrollLabApp

/// The font set's remembered widths are SDL_ttf's own measurements, whatever has been measured before.
@MainActor @Suite struct FontSetWidthTests {
    func measured(_ text: String, _ style: TextStyle, _ fonts: FontSet) -> Double {
        var w: Int32 = 0, h: Int32 = 0
        return TTF_SizeUTF8(fonts.font(style), text, &w, &h) == 0 ? Double(w) / fonts.scale : -1
    }

    @Test func widthsStayExactAcrossTheMemosTurns() throws {
        let fonts = try FontSet()
        let labels = ["dwell", "12.5 ms · 3 × 4", "µs"]
        for i in 0..<10_000 {
            let text = "\(i) · \(i * 7 % 1000) ms"
            #expect(fonts.width(text, style: .mono) == measured(text, .mono, fonts))
            for label in labels where i % 97 == 0 {
                #expect(fonts.width(label, style: .label) == measured(label, .label, fonts))
            }
        }
        for i in stride(from: 0, to: 10_000, by: 613) {
            let text = "\(i) · \(i * 7 % 1000) ms"
            #expect(fonts.width(text, style: .mono) == measured(text, .mono, fonts))
        }
    }

    /// At any scale the layout measures what the 960×600 one does, so a line that fits there fits at 2×:
    /// the fonts opened at 2× measure the grid's touches row 469 px, not 2 × 234.
    @Test func everyScaleMeasuresThe1xFonts() throws {
        let fonts = try FontSet()
        let texts: [(String, TextStyle)] = [("no delay · no cancel", .mono), ("touches U X", .label), ("Policies", .heading),
                                            ("network L  lte  disk warm  C/K clear", .label), ("7.4 MB", .small)]
        let unit = texts.map { fonts.width($0.0, style: $0.1) }
        let heights = TextStyle.allCases.map { fonts.lineHeight($0) }
        #expect(unit == texts.map { measured($0.0, $0.1, fonts) })
        var scaledDiffers = false
        for scale in [0.69, 1.5, 2, 2.5] {
            try fonts.setScale(scale)
            #expect(texts.map { fonts.width($0.0, style: $0.1) } == unit, "at \(scale)×")
            #expect(TextStyle.allCases.map { fonts.lineHeight($0) } == heights, "at \(scale)×")
            scaledDiffers = scaledDiffers || zip(texts, unit).contains { measured($0.0, $0.1, fonts) != $1 }
        }
        #expect(scaledDiffers, "the scaled fonts' own widths are not the 1× ones scaled")
        try fonts.setScale(1)
        #expect(texts.map { measured($0.0, $0.1, fonts) } == unit)
    }

    /// Canonically equal texts of different bytes (equal as Strings) each get their own bytes' measurement.
    @Test func textsAreToldApartByTheirBytes() throws {
        let fonts = try FontSet()
        let composed = "caf\u{E9} \u{212B}", decomposed = "cafe\u{301} A\u{30A}"
        #expect(composed == decomposed)
        _ = fonts.width(composed, style: .label)
        #expect(fonts.width(decomposed, style: .label) == measured(decomposed, .label, fonts))
        #expect(fonts.width(composed, style: .label) == measured(composed, .label, fonts))
        #expect(fonts.width("caf\u{E9}", style: .heading) == measured("caf\u{E9}", .heading, fonts))
    }
}

/// The fonts are opened from their files' bytes, read once, with their glyphs loaded at opening: the texts they
/// draw are the pixels of the same files opened by path.
@MainActor @Suite struct FontSetBytesTests {
    /// `text` rendered blended in `font`: its size and every row's pixels.
    func pixels(_ text: String, _ font: OpaquePointer) -> (Int32, Int32, [UInt8])? {
        guard let surface = TTF_RenderUTF8_Blended(font, text, SDL_Color(r: 30, g: 200, b: 90, a: 255)) else { return nil }
        defer { SDL_FreeSurface(surface) }
        let s = surface.pointee, rowBytes = Int(s.w) * 4
        var bytes: [UInt8] = []
        for y in 0..<Int(s.h) {
            let row = s.pixels.advanced(by: y * Int(s.pitch)).assumingMemoryBound(to: UInt8.self)
            bytes += UnsafeBufferPointer(start: row, count: rowBytes)
        }
        return (s.w, s.h, bytes)
    }

    /// The fonts shrink with the layout at any scale `--scale` takes (down to 0.25): held at 6 px, below
    /// about 0.5× the text ran into its neighbours and over itself.
    @Test func fontsShrinkWithTheLayoutAtAnyScale() throws {
        let fonts = try FontSet()
        defer { fonts.close() }
        var heights: [Double: [Int32]] = [:]
        for scale in [1.0, 0.5, 0.25] {
            try fonts.setScale(scale)
            heights[scale] = TextStyle.allCases.map { TTF_FontHeight(fonts.font($0)) }
        }
        for (k, style) in TextStyle.allCases.enumerated() {
            #expect(heights[0.25]![k] < heights[0.5]![k] && heights[0.5]![k] < heights[1]![k], "\(style): \(heights.mapValues { $0[k] })")
        }
    }

    @Test(arguments: [1.0, 2.0])
    func textsAreThePixelsOfTheFilesOpenedByPath(scale: Double) throws {
        let fonts = try FontSet()
        try fonts.setScale(scale)
        let texts = ["scrollViewDidScroll", "Adaptive 42 % · 3.1 MB", "item 1234", "Δ ünïcödé → ≤ 5 ms…", "♥"]
        for (style, file, points) in FontSet.files {
            let path = try #require(FontSet.locate(file))
            let byPath = try #require(TTF_OpenFont(path, Int32(max(1, (points * scale).rounded()))))
            defer { TTF_CloseFont(byPath) }
            for text in texts {
                let drawn = try #require(pixels(text, fonts.font(style)))
                let reference = try #require(pixels(text, byPath))
                #expect(drawn.0 == reference.0 && drawn.1 == reference.1 && drawn.2 == reference.2, "\(style) \(text) at \(scale)×")
                #expect(drawn.2.contains { $0 != 0 }, "\(style) \(text) drew nothing")
            }
        }
        fonts.close()
    }
}
