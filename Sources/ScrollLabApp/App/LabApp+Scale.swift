import CSDL
import ScrollKit
import ScrollLabCore

/// Window size and scale: the layout (960×600 points, more in a bigger window: `SDLWindow.layoutSize`)
/// fits any window by the canvas's fit (`LayoutFit`, as SDL's logical size would fit it), and text is
/// rasterized at the window's own resolution, so it stays crisp at any size and on HiDPI.
extension LabApp {
    /// After a resize (and at start): fonts at the new pixel scale, and a new viewport line in the trace.
    func windowDidResize() {
        if sdl.boundDrawable() { say("window bounded to \(sdl.largestDrawableSide) px a side", at: clock.now()) }
        sdl.updateLayoutSize()
        let scale = sdl.pixelScale
        for phone in phoneDriver.phones { phone.images.pixelScale = scale }
        if abs(scale - text.fonts.scale) > 1e-3 {
            text.removeAll()
            try? text.fonts.setScale(scale)
        }
        // The clip, in pixels, follows the fit: the whole layout, within its letterbox.
        canvas.clip(nil)
        writeViewportLine()
    }

    /// `{"t":…,"event":"setting","name":"viewport","value":{"x":…,"y":…,"w":…,"h":…}}`: the (first) phone in
    /// window coordinates, first in the trace and again after every resize, at the model time shown.
    func writeViewportLine() {
        let rect = sdl.windowRect(ofLayoutRect: phoneDriver.phones[0].viewport.frame)
        guard trace != nil, rect != trace?.lastViewport else { return }
        trace?.lastViewport = rect
        trace?.log.viewport(PhoneViewport.json(rect), at: phoneDriver.timeShown)
    }
}
