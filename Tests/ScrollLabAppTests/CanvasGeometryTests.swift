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
}
