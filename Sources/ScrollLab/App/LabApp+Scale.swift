import CSDL
import ScrollKit

/// Window size and scale: the layout (960×600 points, more in a bigger window: `SDLSession.layoutSize`)
/// fits any window by SDL's logical size, and text is rasterized at the window's own resolution, so it
/// stays crisp at any size and on HiDPI.
extension LabApp {
    /// After a resize (and at start): fonts at the new pixel scale, and a new viewport line in the trace.
    func windowDidResize() {
        if sdl.boundDrawable() { say("window bounded to \(sdl.largestDrawableSide) px a side", at: clock.now()) }
        sdl.updateLayoutSize()
        let scale = sdl.pixelScale
        images.pixelScale = scale
        if abs(scale - fonts.scale) > 1e-3 {
            text.removeAll()
            try? fonts.setScale(scale)
        }
        writeViewportLine()
    }

    /// `{"event":"setting","name":"viewport","value":{"x":…,"y":…,"w":…,"h":…}}`: the phone in window
    /// coordinates, first in the trace and again after every resize.
    func writeViewportLine() {
        let rect = sdl.windowRect(ofLayoutRect: viewport.frame)
        guard rect != lastViewportLine else { return }
        lastViewportLine = rect
        trace?.viewport(PhoneViewport.json(rect))
    }
}
