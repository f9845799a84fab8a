import CSDL
import Foundation
import ScrollKit
import ScrollLabCore

/// Rendered text as textures, one per (string, style, colour), least recently used dropped first.
///
/// HUD text that does not change costs one texture copy per frame, never a re-rasterization.
/// Monospaced text seen for the first time (numbers that change every frame during motion) is drawn
/// glyph by glyph from cached one-character textures, which look the same in a monospaced face, so a
/// moving frame rasterizes and uploads nothing; only a string asked for again gets a texture of its own.
@MainActor
final class TextCache {
    private struct Key: Hashable {
        var text: String
        var style: TextStyle
        var colour: RGBA
        /// The solid colour the text is drawn on, blended into an opaque texture; nil: a blended texture.
        var background: RGBA?

        /// Strings are told apart by their UTF-8 bytes, which are what is rasterized (`String.sameUTF8`).
        static func == (a: Key, b: Key) -> Bool {
            a.style == b.style && a.colour == b.colour && a.background == b.background
                && String.sameUTF8(a.text, b.text)
        }

        /// The colours go in as one word each (RGBA's own hashing feeds the hasher a byte at a time: a
        /// lookup's largest part after the text).
        func hash(into hasher: inout Hasher) {
            hasher.combine(style)
            hasher.combine(Self.word(colour))
            if let background { hasher.combine(Self.word(background)) } else { hasher.combine(UInt64(1) << 32) }
            text.hashUTF8(into: &hasher)
        }

        /// `c`'s four bytes in one word, below 2³² (so never the word of no background).
        private static func word(_ c: RGBA) -> UInt64 {
            UInt64(c.r) << 24 | UInt64(c.g) << 16 | UInt64(c.b) << 8 | UInt64(c.a)
        }
    }

    private struct Entry {
        var texture: OpaquePointer
        var width: Int32
        var height: Int32
        var lastUse: UInt64
        /// A blended texture's pixels, for a software window to blend in place (nil: pre-blended, or not kept).
        var pixels: TextPixels?
    }

    private let renderer: OpaquePointer
    /// Draws the blended textures' pixels straight into a software window (`Canvas.blendText`).
    private let canvas: Canvas
    let fonts: FontSet
    /// The layout's fit to the output, shared with the canvas.
    private let grid: PixelGrid
    private let capacity: Int
    // The caches below are read and written for every text a frame draws, on the main actor, and no access to
    // one overlaps another to it: not checked for exclusive access.
    @exclusivity(unchecked) private var entries: [Key: Entry] = [:]
    @exclusivity(unchecked) private var clock: UInt64 = 0
    /// Textures of text made so far (strings and glyphs missing from the caches): the frame bench's trace
    /// counts them a frame.
    private(set) var rasterized = 0
    /// Monospaced strings drawn once as glyph runs: a second request rasterizes them whole.
    @exclusivity(unchecked) private var drawnAsGlyphs: Set<Key> = []
    /// The glyph runs' ASCII characters: for each style, colour and background a run was drawn in, each
    /// printable character's texture by its code, so a run finds its glyphs by index rather than one cache
    /// lookup a character (a callback's frame draws over a thousand). Kept apart from `entries`, never
    /// evicted one by one: at most `glyphTableLimit` tables of 95 small textures.
    @exclusivity(unchecked) private var glyphTables: [GlyphTableKey: [Entry?]] = [:]
    /// How many glyph tables are kept; past it they are all dropped (new colours are rare).
    static let glyphTableLimit = 64

    private struct GlyphTableKey: Hashable {
        var style: TextStyle
        var colour: RGBA
        var background: RGBA?
    }
    /// Each glyph's coverage by style and code, from its first rasterization: SDL_ttf's blended pixels are the
    /// colour's own with this alpha, whatever the opaque colour, so a table of another opaque colour gets its
    /// glyph from here — the same pixels without shaping and rasterizing it again (most of a glyph's cost; a
    /// HUD's first motion meets a dozen new colours at once).
    private var glyphMasks: [TextStyle: [GlyphMask?]] = [:]
    /// Glyphs shaped and rasterized by SDL_ttf for the glyph tables (the others came from `glyphMasks`).
    private(set) var glyphsRendered = 0
    /// Monospaced strings that may still be rasterized whole this frame (`beginFrame` refills it); the
    /// others stay glyph runs meanwhile, so a frame where many lines change (a new gesture's delegate
    /// events) does not rasterize them all at once (each costs ~0.08 ms).
    @exclusivity(unchecked) private var promotionsLeft = TextCache.promotionsPerFrame
    /// How many monospaced strings a frame rasterizes whole at most.
    static let promotionsPerFrame = 2
    /// Lines that change most frames (a phone's figures), each the texture of its slot's last text: a new
    /// text replaces it there, outside `entries`, so strings drawn once neither fill the cache nor push out
    /// the ones drawn every frame.
    @exclusivity(unchecked) private var lines: [Int: (key: Key, entry: Entry)] = [:]

    /// A cache drawing into `renderer` through `grid` (one pixel a point when not given) with `fonts`, holding
    /// at most `capacity` textures.
    init(renderer: OpaquePointer, fonts: FontSet, grid: PixelGrid = PixelGrid(), capacity: Int = 1024) {
        self.renderer = renderer
        canvas = Canvas(renderer: renderer, grid: grid)
        self.fonts = fonts
        self.grid = grid
        self.capacity = capacity
    }

    /// Draws `text` with its top-left at (x, y) and returns its size in points.
    ///
    /// Textures hold the text at the output's resolution (the fonts are opened at `fonts.scale`) and
    /// are copied one texture pixel onto one output pixel, at the output pixel the fit maps (x, y) to:
    /// crisp text at any window size, and an unscaled copy.
    ///
    /// Text drawn `on` a solid colour that is all there is under its box comes pre-blended on that colour
    /// in an opaque texture: the same pixels, copied instead of blended pixel by pixel (SDL's software
    /// renderer copies ~20 times faster than it blends).
    @discardableResult
    func draw(_ text: String, style: TextStyle, colour: RGBA, on background: RGBA? = nil, x: Int32, y: Int32) -> (width: Int32, height: Int32) {
        if let glyphs = glyphRun(text, style: style, colour: colour, background: background) {
            return drawGlyphs(glyphs, x: Double(x), y: Double(y))
        }
        guard let entry = entry(text, style: style, colour: colour, background: background) else { return (0, 0) }
        blit(entry, x: Double(x), y: Double(y))
        return (points(entry.width), points(entry.height))
    }

    /// Draws `text` with its top-left at (x, y) as the line `slot` shows (`lines`) and returns its size in points:
    /// the same pixels as `draw`, rasterized only when the slot's text changes.
    @discardableResult
    func drawLine(_ text: String, slot: Int, style: TextStyle, colour: RGBA, x: Int32, y: Int32) -> (width: Int32, height: Int32) {
        guard let entry = line(text, slot: slot, style: style, colour: colour) else { return (0, 0) }
        blit(entry, x: Double(x), y: Double(y))
        return (points(entry.width), points(entry.height))
    }

    /// `text` elided to `width` points as `TextMetrics.elide` gives it, made the line `slot` shows. At one pixel
    /// a point the fonts drawn are the fonts measured, and a texture is as wide as the text measures: the line is
    /// rasterized first and a text that fits is shaped once, not measured and then shaped again.
    func fitLine(_ text: String, slot: Int, style: TextStyle, colour: RGBA, toWidth width: Double) -> String {
        if fonts.scale == 1, let entry = line(text, slot: slot, style: style, colour: colour), Double(entry.width) <= width {
            return text
        }
        let fitted = fonts.metrics.elide(text, style: style, toWidth: width)
        _ = line(fitted, slot: slot, style: style, colour: colour)
        return fitted
    }

    /// The texture of `slot` showing `text`, rasterized when the slot showed another.
    private func line(_ text: String, slot: Int, style: TextStyle, colour: RGBA) -> Entry? {
        guard !text.isEmpty else { return nil }
        let key = Key(text: text, style: style, colour: colour, background: nil)
        if let kept = lines[slot], kept.key == key { return kept.entry }
        if let old = lines.removeValue(forKey: slot) { SDL_DestroyTexture(old.entry.texture) }
        guard let entry = rasterize(text, style: style, colour: colour, background: nil) else { return nil }
        lines[slot] = (key, entry)
        return entry
    }

    /// Draws `text` centred horizontally on `centreX`.
    func drawCentred(_ text: String, style: TextStyle, colour: RGBA, centreX: Int32, y: Int32) {
        if let glyphs = glyphRun(text, style: style, colour: colour) {
            drawGlyphs(glyphs, x: Double(centreX) - Double(glyphs.reduce(0) { $0 + $1.width }) / fonts.scale / 2, y: Double(y))
            return
        }
        guard let entry = entry(text, style: style, colour: colour) else { return }
        blit(entry, x: Double(centreX) - Double(entry.width) / fonts.scale / 2, y: Double(y))
    }

    /// Draws `text` with its top-left at (x, y), or centred on x with `centred`, pre-blended on `background`
    /// (an opaque texture, copied instead of blended: the same pixels) when its box lies inside `solid`, the
    /// rect (points) known to be all `background` at this moment (a tile's fill, its header); blended
    /// otherwise, so a longer text than the rect holds still shows what is under it. The texture is copied at
    /// its own size at any window size (`blit`), so the pre-blend's pixels are the blend's.
    func draw(_ text: String, style: TextStyle, colour: RGBA, on background: RGBA, inside solid: Rect,
              x: Int32, y: Int32, centred: Bool = false) {
        // The box must stay a point clear of the rect's edges: the fit rounds both to pixels.
        func fits(width: Int32, height: Int32) -> Bool {
            let w = Double(width) / fonts.scale, h = Double(height) / fonts.scale
            let left = centred ? Double(x) - w / 2 : Double(x)
            return left >= solid.minX + 1 && left + w <= solid.maxX - 1 && Double(y) >= solid.minY + 1 && Double(y) + h <= solid.maxY - 1
        }
        let base = Double(x)
        if let glyphs = glyphRun(text, style: style, colour: colour, background: background) {
            let width = glyphs.reduce(0) { $0 + $1.width }
            if fits(width: width, height: glyphs.map(\.height).max() ?? 0) {
                drawGlyphs(glyphs, x: centred ? base - Double(width) / fonts.scale / 2 : base, y: Double(y))
                return
            }
        } else if let entry = entry(text, style: style, colour: colour, background: background), fits(width: entry.width, height: entry.height) {
            blit(entry, x: centred ? base - Double(entry.width) / fonts.scale / 2 : base, y: Double(y))
            return
        }
        if centred { drawCentred(text, style: style, colour: colour, centreX: x, y: y) } else { draw(text, style: style, colour: colour, x: x, y: y) }
    }

    /// The size `text` takes in `style`, points.
    func size(_ text: String, style: TextStyle) -> (width: Int32, height: Int32) {
        if let glyphs = glyphRun(text, style: style, colour: .text, remembering: false) {
            return (points(glyphs.reduce(0) { $0 + $1.width }), points(glyphs.map(\.height).max() ?? 0))
        }
        guard let entry = entry(text, style: style, colour: .text) else { return (0, 0) }
        return (points(entry.width), points(entry.height))
    }

    /// Output pixels as layout points.
    private func points(_ pixels: Int32) -> Int32 {
        Int32((Double(pixels) / fonts.scale).rounded())
    }

    /// Copies a texture with its top-left at (x, y) points, one texture pixel per output pixel.
    private func blit(_ entry: Entry, x: Double, y: Double) {
        let fit = grid.fit
        if fit.isIdentity {
            let scale = fonts.scale
            // At whole pixels a point and a pixel, as SDL would copy it: blended in place when the window allows.
            if scale == 1, let pixels = entry.pixels, let px = Int32(exactly: x), let py = Int32(exactly: y),
               canvas.blendText(pixels, x: px, y: py) {
                return
            }
            var dst = SDL_FRect(x: Float(x), y: Float(y), w: Float(Double(entry.width) / scale), h: Float(Double(entry.height) / scale))
            SDL_RenderCopyF(renderer, entry.texture, nil, &dst)
        } else {
            blit(entry, pixelX: fit.edgeX(x), pixelY: fit.edgeY(y), fit: fit)
        }
    }

    /// Copies a texture with its top-left at output pixel (x, y): at its own size when the fonts are at the
    /// fit's scale (a window's, always), stretched to its size in points otherwise (a video or frame bench
    /// whose fonts were opened at one pixel a point).
    private func blit(_ entry: Entry, pixelX: Int, pixelY: Int, fit: LayoutFit) {
        let ratio = fit.scale / fonts.scale
        let same = Swift.abs(ratio - 1) < 1e-3
        if same, let pixels = entry.pixels, canvas.blendText(pixels, x: Int32(clamping: pixelX), y: Int32(clamping: pixelY)) { return }
        var dst = SDL_Rect(x: Int32(pixelX), y: Int32(pixelY),
                           w: same ? entry.width : Int32((Double(entry.width) * ratio).rounded()),
                           h: same ? entry.height : Int32((Double(entry.height) * ratio).rounded()))
        SDL_RenderCopy(renderer, entry.texture, nil, &dst)
    }

    /// The one-character textures to draw `text` with, when it is monospaced, not cached whole and
    /// not drawn before (`remembering` it then: drawn a second time, it is rasterized whole, within the
    /// frame's promotions).
    private func glyphRun(_ text: String, style: TextStyle, colour: RGBA, background: RGBA? = nil,
                          remembering: Bool = true) -> [Entry]? {
        guard style == .mono, Self.hasTwoCharacters(text) else { return nil }
        let key = Key(text: text, style: style, colour: colour, background: background)
        guard entries[key] == nil else { return nil }
        if drawnAsGlyphs.contains(key) {
            if !remembering || promotionsLeft > 0 {
                if remembering { promotionsLeft -= 1 }
                return nil
            }
        } else if remembering {
            drawnAsGlyphs.insert(key)
        }
        // Changing strings are many: forget them now and then (at worst one is rasterized early).
        if drawnAsGlyphs.count > 4096 { drawnAsGlyphs.removeAll(keepingCapacity: true) }
        var glyphs: [Entry] = []
        glyphs.reserveCapacity(text.utf8.count)
        let tableKey = GlyphTableKey(style: style, colour: colour, background: background)
        // Taken out while it is filled, so it stays uniquely referenced; put back whatever happens.
        var table: [Entry?]
        if let kept = glyphTables.removeValue(forKey: tableKey) {
            table = kept
        } else {
            if glyphTables.count >= Self.glyphTableLimit { removeGlyphTables() }
            table = Array(repeating: nil, count: 128)
        }
        defer { glyphTables[tableKey] = table }
        for character in text {
            if let code = character.asciiValue, code >= 0x20, code < 0x7F {
                if let glyph = table[Int(code)] {
                    glyphs.append(glyph)
                } else {
                    guard let glyph = rasterizeGlyph(code, style: style, colour: colour, background: background) else { return nil }
                    table[Int(code)] = glyph
                    glyphs.append(glyph)
                }
            } else {
                guard let glyph = entry(String(character), style: style, colour: colour, background: background) else { return nil }
                glyphs.append(glyph)
            }
        }
        return glyphs
    }

    /// True when `text` has more than one character (`count > 1` without counting them all).
    private static func hasTwoCharacters(_ text: String) -> Bool {
        var characters = text.makeIterator()
        return characters.next() != nil && characters.next() != nil
    }

    /// Destroys the glyph tables' textures.
    private func removeGlyphTables() {
        for table in glyphTables.values {
            for case let glyph? in table { SDL_DestroyTexture(glyph.texture) }
        }
        glyphTables.removeAll()
    }

    /// Draws glyphs side by side from (x, y) points; scaled, each starts where the last one's pixels end.
    @discardableResult
    private func drawGlyphs(_ glyphs: [Entry], x: Double, y: Double) -> (width: Int32, height: Int32) {
        var left = x
        let fit = grid.fit
        if fit.isIdentity {
            for glyph in glyphs {
                blit(glyph, x: left, y: y)
                left += Double(glyph.width) / fonts.scale
            }
        } else {
            let ratio = fit.scale / fonts.scale
            var pixelX = Double(fit.edgeX(x))
            let pixelY = fit.edgeY(y)
            for glyph in glyphs {
                blit(glyph, pixelX: Int(pixelX.rounded()), pixelY: pixelY, fit: fit)
                pixelX += Swift.abs(ratio - 1) < 1e-3 ? Double(glyph.width) : Double(glyph.width) * ratio
                left += Double(glyph.width) / fonts.scale
            }
        }
        return (Int32((left - x).rounded()), points(glyphs.map(\.height).max() ?? 0))
    }

    private func entry(_ text: String, style: TextStyle, colour: RGBA, background: RGBA? = nil) -> Entry? {
        guard !text.isEmpty else { return nil }
        clock += 1
        let key = Key(text: text, style: style, colour: colour, background: background)
        // A hit is marked used in place: one lookup, not a second to store it back.
        if let index = entries.index(forKey: key) {
            entries.values[index].lastUse = clock
            return entries.values[index]
        }
        guard let entry = rasterize(text, style: style, colour: colour, background: background) else { return nil }
        if entries.count >= capacity { evictOldest() }
        entries[key] = entry
        return entry
    }

    /// A new texture of `text` (counted in `rasterized`), used now: blended, or pre-blended on `background`.
    private func rasterize(_ text: String, style: TextStyle, colour: RGBA, background: RGBA?) -> Entry? {
        let colourValue = SDL_Color(r: colour.r, g: colour.g, b: colour.b, a: colour.a)
        guard let blended = TTF_RenderUTF8_Blended(fonts.font(style), text, colourValue) else { return nil }
        defer { SDL_FreeSurface(blended) }
        return texture(blended, background: background)
    }

    /// A glyph table's texture of ASCII `code`: from its mask when the colour is opaque and the glyph was
    /// rasterized before in this style, else rasterized (and its mask kept).
    private func rasterizeGlyph(_ code: UInt8, style: TextStyle, colour: RGBA, background: RGBA?) -> Entry? {
        if colour.a == 255, let mask = glyphMasks[style]?[Int(code)] {
            guard let surface = mask.surface(colour) else { return nil }
            defer { SDL_FreeSurface(surface) }
            return texture(surface, background: background)
        }
        let colourValue = SDL_Color(r: colour.r, g: colour.g, b: colour.b, a: colour.a)
        guard let blended = TTF_RenderUTF8_Blended(fonts.font(style), String(UnicodeScalar(code)), colourValue) else { return nil }
        defer { SDL_FreeSurface(blended) }
        glyphsRendered += 1
        if colour.a == 255, let mask = GlyphMask(blended) {
            glyphMasks[style, default: Array(repeating: nil, count: 128)][Int(code)] = mask
        }
        return texture(blended, background: background)
    }

    /// The texture of SDL_ttf's blended `surface` (counted in `rasterized`), used now: blended, or pre-blended on `background`.
    private func texture(_ blended: UnsafeMutablePointer<SDL_Surface>, background: RGBA?) -> Entry? {
        guard let surface = background.map({ Self.flatten(blended, on: $0) }) ?? blended else { return nil }
        defer { if surface != blended { SDL_FreeSurface(surface) } }
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        if background != nil { SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE) }
        rasterized += 1
        return Entry(texture: texture, width: surface.pointee.w, height: surface.pointee.h, lastUse: clock,
                     pixels: background == nil && canvas.isSoftware && Canvas.blendsDirectly ? TextPixels(copying: blended) : nil)
    }

    /// `text` blended onto a surface of solid `background`: opaque, the pixels it gives blended there.
    private static func flatten(_ text: UnsafeMutablePointer<SDL_Surface>, on background: RGBA) -> UnsafeMutablePointer<SDL_Surface>? {
        guard let flat = SDL_CreateRGBSurfaceWithFormat(0, text.pointee.w, text.pointee.h, 32, SDL_PIXELFORMAT_RGB888.rawValue)
        else { return nil }
        SDL_FillRect(flat, nil, SDL_MapRGB(flat.pointee.format, background.r, background.g, background.b))
        SDL_SetSurfaceBlendMode(text, SDL_BLENDMODE_BLEND)
        SDL_UpperBlit(text, nil, flat, nil)
        return flat
    }

    /// Makes room: drops the least recently used thirty-second of the textures at once, so a frame that
    /// meets new strings with the cache full does not search every entry for each of them. Not more: the
    /// textures' destruction is most of the cost, and an eighth at once (128 of 1024) made one frame in
    /// about ninety 1.6 M instructions slower, a four-phone window's slowest frames.
    private func evictOldest() {
        let uses = entries.values.map(\.lastUse).sorted()
        guard !uses.isEmpty else { return }
        let cutoff = uses[Swift.min(uses.count - 1, Swift.max(0, uses.count / 32 - 1))]
        for (key, entry) in entries where entry.lastUse <= cutoff {
            SDL_DestroyTexture(entry.texture)
            entries[key] = nil
        }
    }

    /// Starts a frame: it may rasterize `promotionsPerFrame` monospaced strings whole again.
    func beginFrame() {
        promotionsLeft = Self.promotionsPerFrame
    }

    /// Destroys every texture.
    func removeAll() {
        for entry in entries.values { SDL_DestroyTexture(entry.texture) }
        entries.removeAll()
        for line in lines.values { SDL_DestroyTexture(line.entry.texture) }
        lines.removeAll()
        drawnAsGlyphs.removeAll()
        removeGlyphTables()
        glyphMasks.removeAll()
    }
}

/// A glyph's coverage as SDL_ttf's blended rendering gives it: the alpha of each pixel of an ARGB8888 surface
/// whose colour channels are the text colour's everywhere (opaque colours; checked by the tests against SDL_ttf).
private struct GlyphMask {
    var width: Int32
    var height: Int32
    /// Row by row, `width` a row.
    var alpha: [UInt8]

    /// The mask of `surface`, SDL_ttf's blended rendering of one glyph in an opaque colour; nil for another format.
    init?(_ surface: UnsafeMutablePointer<SDL_Surface>) {
        let s = surface.pointee
        guard let format = s.format, format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue, let pixels = s.pixels,
              s.w >= 0, s.h >= 0 else { return nil }
        width = s.w
        height = s.h
        var alpha: [UInt8] = []
        alpha.reserveCapacity(Int(s.w) * Int(s.h))
        for y in 0..<Int(s.h) {
            let row = (pixels + y * Int(s.pitch)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<Int(s.w) { alpha.append(UInt8(row[x] >> 24)) }
        }
        self.alpha = alpha
    }

    /// The surface SDL_ttf renders this glyph to in opaque `colour`: each pixel the colour with the glyph's alpha.
    func surface(_ colour: RGBA) -> UnsafeMutablePointer<SDL_Surface>? {
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue),
              let pixels = surface.pointee.pixels else { return nil }
        let rgb = UInt32(colour.r) << 16 | UInt32(colour.g) << 8 | UInt32(colour.b)
        let pitch = Int(surface.pointee.pitch)
        for y in 0..<Int(height) {
            let row = (pixels + y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<Int(width) { row[x] = UInt32(alpha[y * Int(width) + x]) << 24 | rgb }
        }
        return surface
    }
}
