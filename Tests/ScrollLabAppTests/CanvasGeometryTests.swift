import CSDL
import ScrollLabCore
import ScrollKit
import Testing
@testable import ScrollLabApp

/// The rects `Canvas` fills shapes with: each pixel written once (translucent colours stay even).
@Suite struct CanvasGeometryTests {
    /// Whole-pixel cells covered by `rects` (their coordinates are whole here), counting repeats.
    static func cells(_ rects: [Rect]) -> [Int: Int] {
        var counts: [Int: Int] = [:]
        for r in rects {
            for y in Int(r.minY)..<Int(r.maxY) {
                for x in Int(r.minX)..<Int(r.maxX) { counts[y * 10_000 + x, default: 0] += 1 }
            }
        }
        return counts
    }

    /// In a window shrunk to fit (three phones, 1640 points on 1600 pixels) rects that touch in points
    /// still touch in pixels, none drawn twice; a rect covering no whole pixel is left out.
    @Test func rectsThatTouchStillTouchInAScaledWindow() {
        let fit = LayoutFit.fitting(layout: Size(width: 1640, height: 600), width: 1600, height: 585)
        let rows = (0..<40).map { Rect(x: 17.3, y: 100 + Double($0) * 2.4, width: 22, height: 2.4) }
        let pixels = Canvas.pixels(rows, fit)
        for (row, r) in zip(rows, pixels) {
            #expect(Int(r.y) == Int((row.minY * fit.scale).rounded()) && Int(r.y + r.h) == Int((row.maxY * fit.scale).rounded()))
        }
        for (a, b) in zip(pixels, pixels.dropFirst()) { #expect(b.y == a.y + a.h, "\(a) then \(b)") }
        #expect(Canvas.pixels([Rect(x: 0, y: 10.2, width: 5, height: 0.3)], fit).isEmpty)
    }

    /// Scaled, an image made at its tile's pixels rounded up is copied at its own size onto a rect of that size
    /// or one pixel less (its last column or row left out); any other size is stretched whole.
    @Test func anImageAPixelLargerThanItsRectIsCroppedNotStretched() {
        let target = SDL_Rect(x: 7, y: 9, w: 145, h: 194)
        for (w, h) in [(145, 194), (146, 194), (145, 195), (146, 195)] as [(Int32, Int32)] {
            let crop = Canvas.cropped(texture: (w, h), to: target)
            #expect(crop.map { [$0.x, $0.y, $0.w, $0.h] } == [0, 0, 145, 194], "\(w)×\(h)")
        }
        for (w, h) in [(144, 194), (147, 194), (145, 193), (300, 400)] as [(Int32, Int32)] {
            #expect(Canvas.cropped(texture: (w, h), to: target) == nil, "\(w)×\(h)")
        }
        #expect(Canvas.cropped(texture: (1, 1), to: SDL_Rect(x: 0, y: 0, w: 0, h: 1)) == nil)
    }

    /// `roundedHalfAway` is `rounded()` exactly: halves away from zero, the largest double under a half, negatives.
    @Test func roundingIsTheStandardLibrarys() {
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
                                1e6, -1e6, 999_999.5, -999_999.5, 4_503_599.5]
        var x = -1000.0
        while x <= 1000 { values.append(x); x += 0.03125 * 1.37 }
        for v in values where abs(v) <= 1e6 { #expect(Canvas.roundedHalfAway(v) == Int(v.rounded()), "\(v)") }
    }

    /// `pixelEdge` is `rounded()` of the value kept within ±1e6, NaN taken as 0: at halves, at the limits and past
    /// them, at infinities.
    @Test func aPixelEdgeIsTheClampedRoundedValue() {
        var values: [Double] = [.nan, .infinity, -.infinity, 1e6, -1e6, 1e6.nextDown, (-1e6).nextUp, 999_999.5, -999_999.5,
                                1e6 + 0.5, -1e6 - 0.5, 1e300, -1e300, 0, -0.0, 0.5, -0.5, 0.49999999999999994,
                                -0.49999999999999994, 2.5, -2.5, 1.5.nextDown, -(1.5.nextDown)]
        var x = -2000.0
        while x <= 2000 { values.append(x); x += 0.125 * 1.37 }
        for v in values {
            let expected = v.isNaN ? 0 : Int(Swift.min(Swift.max(v, -1e6), 1e6).rounded())
            #expect(Canvas.pixelEdge(v) == expected, "\(v)")
        }
        #expect(Canvas.rounded(7.5) == 8 && Canvas.rounded(7.49) == 7 && Canvas.rounded(3e6 + 0.5) == (3e6 + 0.5).rounded())
    }

    /// A tile's text is drawn pre-blended only on the one colour a translucent bar leaves on the screen:
    /// the title bar's colour is the blend SDL gives (each channel `d·(255−a)/255 + c·a/255`).
    @Test func aBlendedColourIsSDLsBlend() {
        #expect(RGBA.titleBar.withAlpha(245).blended(over: .screen) == RGBA(247, 247, 249))
        #expect(RGBA(255, 80, 60, 28).blended(over: RGBA(0, 0, 0)) == RGBA(28, 8, 6))
        #expect(RGBA(1, 2, 3, 255).blended(over: RGBA(200, 200, 200)) == RGBA(1, 2, 3))
    }

    @Test func subtractingLeavesTheFourPiecesAroundTheHole() {
        let outer = Rect(x: 0, y: 0, width: 40, height: 30)
        let hole = Rect(x: 10, y: 5, width: 20, height: 15)
        let pieces = outer.subtracting(hole)
        #expect(pieces == [Rect(x: 0, y: 0, width: 40, height: 5), Rect(x: 0, y: 20, width: 40, height: 10),
                           Rect(x: 0, y: 5, width: 10, height: 15), Rect(x: 30, y: 5, width: 10, height: 15)])
        let area: Double = pieces.reduce(0) { (sum: Double, piece: Rect) in sum + piece.width * piece.height }
        #expect(area == 40 * 30 - 20 * 15)
        // A hole touching an edge leaves no empty piece; a hole outside leaves the rect whole.
        #expect(outer.subtracting(Rect(x: 0, y: 0, width: 40, height: 10)) == [Rect(x: 0, y: 10, width: 40, height: 20)])
        #expect(outer.subtracting(Rect(x: 50, y: 0, width: 5, height: 5)) == [outer])
        #expect(outer.subtracting(outer.insetBy(dx: -1, dy: -1)).isEmpty)
    }

    @Test func aRoundedRectIsFilledOncePerPixelWithItsCornersCut() {
        let rect = Rect(x: 0, y: 0, width: 60, height: 40)
        let counts = Self.cells(Canvas.roundedRects(rect, radius: 8))
        #expect(counts.values.allSatisfy { $0 == 1 })
        #expect(counts[0] == nil && counts[39 * 10_000 + 59] == nil)   // the corners' own pixels are cut
        #expect(counts[20 * 10_000 + 0] == 1 && counts[0 * 10_000 + 30] == 1)   // edges between them are not
        // The phone's body around its screen: the ring alone, still once per pixel.
        let body = Rect(x: 8, y: 6, width: 344, height: 508)
        let screen = body.insetBy(dx: 12, dy: 14)
        let ring = Self.cells(Canvas.roundedRects(body, radius: 26).flatMap { $0.subtracting(screen) })
        let whole = Self.cells(Canvas.roundedRects(body, radius: 26))
        #expect(ring.values.allSatisfy { $0 == 1 })
        #expect(ring.count == whole.count - Int(screen.width * screen.height))
    }

    /// Output pixels covered by `rects` as SDL's software renderer fills them (a rect of no width or height a
    /// pixel wide or high), counting repeats.
    static func coverage(_ rects: [SDL_Rect]) -> [Int: Int] {
        var counts: [Int: Int] = [:]
        for r in rects {
            for y in Int(r.y)..<Int(r.y) + Int(Swift.max(r.h, 1)) {
                for x in Int(r.x)..<Int(r.x) + Int(Swift.max(r.w, 1)) { counts[y * 100_000 + x, default: 0] += 1 }
            }
        }
        return counts
    }

    /// The pixel rects of `rects` at `fit` that cover a whole pixel.
    static func wholePixels(_ rects: [Rect], _ fit: LayoutFit) -> [SDL_Rect] {
        Canvas.pixels(rects, fit).filter { $0.w > 0 && $0.h > 0 }
    }

    /// A rounded rect's spans cover exactly the pixels its pieces cover, each once, unscaled and at fits from a
    /// half to two and a half: at random places, sizes and radii, and at the cases where the pieces do not simply
    /// meet (a radius past half the side, a pill whose strips are empty, no radius, a NaN). Ordinary shapes take
    /// the spans, and a heart's box is one rect a distinct row width.
    @Test func aRoundedRectsSpansCoverItsPiecesPixelsEachOnce() {
        let fits: [LayoutFit] = [
            .identity,
            LayoutFit.fitting(layout: Size(width: 1640, height: 600), width: 1600, height: 585),
            LayoutFit.fitting(layout: Size(width: 960, height: 600), width: 1920, height: 1200),
            LayoutFit.fitting(layout: Size(width: 960, height: 600), width: 1440, height: 900),
            LayoutFit.fitting(layout: Size(width: 960, height: 600), width: 480, height: 300),
            LayoutFit.fitting(layout: Size(width: 960, height: 600), width: 2390, height: 1080),
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var shapes: [(Rect, Double)] = [
            (Rect(x: 10, y: 10, width: 15, height: 40), 8), (Rect(x: 3.5, y: 7.25, width: 28, height: 28), 14),
            (Rect(x: 0, y: 0, width: 30, height: 20), 0), (Rect(x: 1, y: 2, width: 30, height: 20), .nan),
            (Rect(x: 100.4, y: 50.6, width: 36, height: 36), 8), (Rect(x: 5, y: 5, width: 0, height: 10), 4),
        ]
        let radii: [Double] = [0.4, 1, 5, 8, 12, 14, 26, 100]
        for i in 0..<300 {
            let rect = Rect(x: next() * 400 - 50, y: next() * 400 - 50, width: next() * 90, height: next() * 90)
            shapes.append((rect, radii[i % radii.count] + (i % 3 == 0 ? next() : 0)))
        }
        // Ordinary shapes (a radius of a point or more, the strips and the body at least a point long) take the spans.
        var ordinary = 0, merged = 0
        for fit in fits {
            for (rect, radius) in shapes {
                let pieces = Self.wholePixels(Canvas.roundedRects(rect, radius: radius), fit)
                var spans: [SDL_Rect] = []
                Canvas.appendRoundedPixels(rect, radius: radius, fit, to: &spans)
                #expect(Self.coverage(spans) == Self.coverage(pieces), "\(rect) radius \(radius) at \(fit.scale)")
                let r = RoundedPieces(rect, radius: radius).r
                guard r >= 1, Swift.min(rect.width, rect.height) - 2 * r >= 1 else { continue }
                ordinary += 1
                if spans.count <= 2 * Int(r) + 1 { merged += 1 }   // at most one rect a band of rows
            }
        }
        #expect(ordinary > 600 && merged == ordinary, "\(merged) of \(ordinary)")
        // Each pixel once, whatever the radius: a 3-point scroll indicator (radius 1.5, which rounds past half its
        // width), pills and discs unscaled (no strip, no body: SDL would fill an empty piece a pixel wide).
        shapes += [(Rect(x: 316.5, y: 40.25, width: 3, height: 120), 1.5), (Rect(x: 20, y: 300, width: 200, height: 3), 1.5),
                   (Rect(x: 40, y: 60.5, width: 120, height: 28), 14), (Rect(x: 10, y: 10, width: 16, height: 16), 8)]
        for fit in fits {
            for (rect, radius) in shapes {
                var spans: [SDL_Rect] = []
                Canvas.appendRoundedPixels(rect, radius: radius, fit, to: &spans)
                let counts = Self.coverage(spans)
                #expect(counts.values.allSatisfy { $0 == 1 }, "\(rect) radius \(radius) at \(fit.scale)")
                #expect(counts == Self.coverage(Self.wholePixels(Canvas.roundedRects(rect, radius: radius), fit)))
            }
        }
        // A tile's heart box (36 points, radius 8): 3, 5, 6, 7, 7, 8, 8, 8 points wide at its top rows, and the same
        // at the bottom: nine rects, unscaled and at four phones on a 1080p screen.
        let box = Rect(x: 231.5, y: 180.25, width: 36, height: 36)
        for fit in [LayoutFit.identity, LayoutFit.fitting(layout: Size(width: 1980, height: 600), width: 1920, height: 582)] {
            var spans: [SDL_Rect] = []
            Canvas.appendRoundedPixels(box, radius: 8, fit, to: &spans)
            #expect(spans.count == 9, "\(spans)")
            // A lobe of its ♥ (11 by 10 points, radius 5: no strips): rows 5, 9, 9, 11, 11 pixels wide and back,
            // five rects unscaled (a row fewer where the fit has no room for one).
            var lobe: [SDL_Rect] = []
            Canvas.appendRoundedPixels(Rect(x: 238.5, y: 189.25, width: 11, height: 10), radius: 5, fit, to: &lobe)
            #expect(fit.isIdentity ? lobe.count == 5 : (4...5).contains(lobe.count), "\(lobe)")
        }
    }
}
