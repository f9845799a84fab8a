import CSDL
import Foundation
import ScrollLabCore

/// The fonts the lab draws with, all DejaVu (Debian's fonts-dejavu-core).
@MainActor
final class FontSet {
    /// Directories searched for the DejaVu files, in order.
    static let searchDirectories = [
        "/usr/share/fonts/truetype/dejavu",
        "/usr/share/fonts/dejavu",
        "/usr/share/fonts/TTF",
        "/usr/local/share/fonts",
        "/usr/share/fonts/truetype",
        "/Library/Fonts",
    ]

    // The fonts, the scale and the widths are read for every text a frame draws or measures, on the main actor,
    // and no access to one overlaps another to it: not checked for exclusive access.
    @exclusivity(unchecked) private var fonts: [TextStyle: OpaquePointer] = [:]
    /// Every style at 1×, open whatever the scale: the layout measures with them (`lineHeight`, `width`),
    /// so every scale makes the 960×600 layout's decisions.
    @exclusivity(unchecked) private var pointFonts: [TextStyle: OpaquePointer] = [:]
    /// Output pixels per layout point: fonts are opened this many times their size, and every
    /// measurement is given back in points.
    @exclusivity(unchecked) private(set) var scale = 1.0
    /// Each font file's bytes, read once when first opened and kept until `close()`: FreeType reads a face's
    /// glyphs from its file as it first draws them, and from a file that was a read (from disk when not
    /// cached) on the render thread in the middle of a frame, 1 260 of them in a four-phone frame bench.
    private var fileBytes: [String: UnsafeMutableRawBufferPointer] = [:]

    /// The faces and their sizes in points.
    static let files: [(TextStyle, String, Double)] = [
            (.label, "DejaVuSans.ttf", 14), (.heading, "DejaVuSans-Bold.ttf", 14),
            (.mono, "DejaVuSansMono.ttf", 13), (.big, "DejaVuSans-Bold.ttf", 44), (.small, "DejaVuSans.ttf", 11),
    ]

    /// Starts SDL_ttf and opens every style; one clear error if a file is missing.
    init() throws(AppError) {
        if TTF_WasInit() == 0, TTF_Init() != 0 {
            throw .font("cannot start SDL_ttf: \(sdlErrorText())")
        }
        try open(scale: 1)
    }

    /// Reopens every style for `scale` output pixels per point (a resized window, HiDPI).
    func setScale(_ scale: Double) throws(AppError) {
        try open(scale: scale)
    }

    private func open(scale: Double) throws(AppError) {
        for font in fonts.values where !pointFonts.values.contains(font) { TTF_CloseFont(font) }
        fonts.removeAll()
        self.scale = scale
        for (style, file, points) in Self.files {
            if scale == 1, let font = pointFonts[style] {
                fonts[style] = font
                continue
            }
            let size = Int32(Swift.max(1, (points * scale).rounded()))
            guard let path = Self.locate(file) ?? (file == "DejaVuSans-Bold.ttf" ? Self.locate("DejaVuSans.ttf") : nil) else {
                throw .font("font \(file) not found (looked in \(Self.searchDirectories.joined(separator: ", "))); install fonts-dejavu-core")
            }
            let bytes = try self.bytes(of: path)
            guard let stream = SDL_RWFromConstMem(bytes.baseAddress, Int32(bytes.count)),
                  let font = TTF_OpenFontRW(stream, 1, size) else {
                throw .font("cannot open font \(path): \(sdlErrorText())")
            }
            Self.loadGlyphs(of: font)
            fonts[style] = font
            if scale == 1 { pointFonts[style] = font }
        }
    }

    /// Has SDL_ttf load and keep the glyphs the lab draws with in `font` now: a glyph's first use loads, hints
    /// and rasterizes it (15-75 µs each here, and the face's first use 1.3 ms), which a frame meeting a dozen
    /// new texts paid in the middle of a gesture; a text of kept glyphs takes about 5 µs. About 2 ms a font,
    /// at launch and when the scale changes. SDL_ttf keeps 256 glyphs, by glyph index modulo 256: the other
    /// characters go first, so where one shares a slot with an ASCII glyph the ASCII one stays.
    private static func loadGlyphs(of font: OpaquePointer) {
        let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
        for text in [otherCharacters, String(decoding: (0x20 ..< 0x7F).map { UInt8($0) }, as: UTF8.self)] {
            if let surface = TTF_RenderUTF8_Blended(font, text, white) { SDL_FreeSurface(surface) }
        }
    }

    /// The characters past ASCII that the window's texts use (elisions, separators, units, arrows, marks).
    static let otherCharacters = "…·×–—→↑↓≤≥±µ−●○♥∞"

    /// The bytes of the font file at `path`, read the first time.
    private func bytes(of path: String) throws(AppError) -> UnsafeMutableRawBufferPointer {
        if let bytes = fileBytes[path] { return bytes }
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty, data.count <= Int(Int32.max) else {
            throw .font("cannot read font \(path)")
        }
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 16)
        bytes.copyBytes(from: data)
        fileBytes[path] = bytes
        return bytes
    }

    /// The full path of `file` in the first search directory that has it.
    static func locate(_ file: String) -> String? {
        searchDirectories.map { $0 + "/" + file }.first { FileManager.default.isReadableFile(atPath: $0) }
    }

    /// The SDL_ttf font of `style`.
    func font(_ style: TextStyle) -> OpaquePointer {
        fonts[style]!
    }

    /// Line height of `style` in points: the 1× font's, so a scaled window lays its rows out as the 960×600
    /// one does (`--scale 2` is that layout at 2×); a font's line skip at 2× rounds to half a point more
    /// or less than twice its 1× skip, which over a column's rows changed what fitted.
    func lineHeight(_ style: TextStyle) -> Int32 {
        TTF_FontLineSkip(pointFonts[style]!)
    }

    /// Height of the text `style` draws (the font's height, every rendered line's), points.
    func textHeight(_ style: TextStyle) -> Int32 {
        Int32((Double(TTF_FontHeight(font(style))) / scale).rounded())
    }

    /// Width of `text` in `style`, points: the 1× font's (measured, nothing rasterized), so a line fits,
    /// wraps or is elided as in the 960×600 layout at every scale. Drawn at another scale it comes out up
    /// to about 2% wider or narrower (a font opens at a whole pixel size and its hinted advances round per
    /// glyph; 4% at 0.69×), which the cells' padding takes. Widths are remembered: the HUD measures the
    /// same labels every frame, and a handful of new figures a frame while anything moves.
    func width(_ text: String, style: TextStyle) -> Double {
        widths.value(for: WidthKey(text: text, style: style)) {
            var w: Int32 = 0, h: Int32 = 0
            return TTF_SizeUTF8(pointFonts[style]!, text, &w, &h) == 0 ? Double(w) : 0
        }
    }

    /// A text and its style, the text told apart by its bytes (what SDL_ttf measures).
    private struct WidthKey: Hashable {
        var text: String
        var style: TextStyle

        static func == (a: WidthKey, b: WidthKey) -> Bool { a.style == b.style && String.sameUTF8(a.text, b.text) }

        func hash(into hasher: inout Hasher) {
            hasher.combine(style)
            text.hashUTF8(into: &hasher)
        }
    }

    /// Measured widths: up to 4 096, in two generations.
    @exclusivity(unchecked) private var widths = TwoGenerationCache<WidthKey, Double>(generationLimit: 2048)

    /// The real fonts' measurements for `HUDLayout`.
    var metrics: TextMetrics {
        TextMetrics(width: { self.width($0, style: $1) }, lineHeight: { Double(self.lineHeight($0)) })
    }

    /// Closes the fonts and SDL_ttf.
    func close() {
        for font in Set(fonts.values).union(pointFonts.values) { TTF_CloseFont(font) }
        fonts.removeAll()
        pointFonts.removeAll()
        for bytes in fileBytes.values { bytes.deallocate() }
        fileBytes.removeAll()
        TTF_Quit()
    }
}
