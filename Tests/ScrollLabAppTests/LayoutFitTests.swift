import CSDL
import ScrollKit
import Testing
@testable import ScrollLabApp

/// The layout's fit to the output: SDL's letterboxing logical size, computed by the canvas (issue 58).
@Suite struct LayoutFitTests {
    /// A window the layout's size draws unscaled: every rect is `Canvas.snap`'s, and the pointer maps 1:1.
    @Test func theLayoutsOwnSizeIsTheIdentity() {
        let fit = LayoutFit.fitting(layout: Size(width: 960, height: 600), width: 960, height: 600)
        #expect(fit.isIdentity && fit.coversOutput)
        #expect(fit.area == PixelRect(x: 0, y: 0, w: 960, h: 600))
        var x = -20.0
        while x < 1000 {
            let rect = Rect(x: x, y: x * 0.37 - 3.5, width: 12.25 + x.truncatingRemainder(dividingBy: 7), height: 0.5 + x / 300)
            #expect(PixelRect(fit.pixels(rect)) == PixelRect(Canvas.snap(rect)), "\(rect)")
            x += 0.7
        }
        #expect(fit.layoutPoint(windowX: 123, windowY: 456, unitsPerPixel: (1, 1)) == (x: 123, y: 456))
    }

    /// Four phones (1980×600 points) fitted to a 1920-pixel-wide output: SDL's float scale, the spare rows
    /// split into two bars, the smaller one on top.
    @Test func fourPhonesOnA1080pScreenAreScaledAndLetterboxed() {
        let fit = LayoutFit.fitting(layout: Size(width: 1980, height: 600), width: 1920, height: 1080)
        #expect(fit.scale == Double(Float(1920) / Float(1980)))
        #expect(fit.area == PixelRect(x: 0, y: 249, w: 1920, h: 581))
        #expect(fit.originX == 0 && fit.originY == 249 && !fit.coversOutput && !fit.isIdentity)
        // The layout's corners land on the area's.
        #expect(PixelRect(fit.pixels(Rect(x: 0, y: 0, width: 1980, height: 600))) == PixelRect(x: 0, y: 249, w: 1920, h: 582))
        // The pointer at the top bar's lower edge is at the layout's top.
        let p = fit.layoutPoint(windowX: 960, windowY: 249, unitsPerPixel: (1, 1))
        #expect(p.y == 0 && p.x == Float(Double(960) / Double(Float(1920) / Float(1980))))
    }

    /// A window wider than the layout: bars left and right, one pixel a point, not the identity.
    @Test func aWiderWindowHasSideBars() {
        let fit = LayoutFit.fitting(layout: Size(width: 960, height: 600), width: 1001, height: 600)
        #expect(fit.scale == 1 && fit.area == PixelRect(x: 20, y: 0, w: 960, h: 600) && !fit.isIdentity)
        #expect(PixelRect(fit.pixels(Rect(x: 10, y: 10, width: 5, height: 5))) == PixelRect(x: 30, y: 10, w: 5, h: 5))
        #expect(fit.points(SDL_Rect(x: 30, y: 10, w: 5, h: 5)) == Rect(x: 10, y: 10, width: 5, height: 5))
        #expect(fit.layoutPoint(windowX: 20, windowY: 0, unitsPerPixel: (1, 1)) == (0, 0))
    }

    /// Twice the layout's size: two pixels a point; HiDPI output (two pixels a window unit) maps the pointer back.
    @Test func doubleScaleAndHiDPI() {
        let fit = LayoutFit.fitting(layout: Size(width: 960, height: 600), width: 1920, height: 1200)
        #expect(fit.scale == 2 && fit.coversOutput)
        #expect(PixelRect(fit.pixels(Rect(x: 0.3, y: 0.2, width: 10, height: 10))) == PixelRect(x: 1, y: 0, w: 20, h: 20))
        #expect(fit.layoutPoint(windowX: 100, windowY: 51, unitsPerPixel: (1, 1)) == (50, 25.5))
        #expect(fit.layoutPoint(windowX: 100, windowY: 51, unitsPerPixel: (0.5, 0.5)) == (100, 51))
    }

    /// No layout or no output: the identity, never a division by zero.
    @Test func degenerateSizesGiveTheIdentity() {
        #expect(LayoutFit.fitting(layout: Size(width: 960, height: 600), width: 0, height: 0) == .identity)
        #expect(LayoutFit.fitting(layout: Size(width: 0, height: 600), width: 960, height: 600) == .identity)
    }
}
