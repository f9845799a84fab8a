import CSDL
import ScrollKit
import ScrollLabCore

/// What the window's pixels hold from the last frame, so that a frame draws again only what may have
/// changed. SDL's software renderer draws into the window's own pixels, which stay from frame to frame.
struct KeptPixels {
    /// The output size the whole target was last cleared at: since then the letterbox bars beyond the
    /// layout, which no fill reaches, hold the background.
    var clearedOutput: SDL_Point?
    /// What the last frame's HUD left in its columns; nil when nothing may be kept.
    var hud: HUDPixels?
    /// The window's background as the last frame left it outside the phones' screens and the HUD's columns;
    /// nil when it is not known (it is then filled whole).
    var background: BackgroundLeft?
}

/// The background outside the phones' screens and the HUD's columns, as a frame left it: the background's
/// colour everywhere but the phones' bodies (drawn the same every frame) and `drawnOver`, the rects the
/// frame drew on it afresh (the HUD's title, the timeline's caption, the phones' titles). Kept at any
/// window size: the rects are mapped to the output's pixels edge by edge, as everything drawn in them is.
struct BackgroundLeft: Equatable {
    /// The layout's size and the phones' screens it holds for.
    var layout: Size
    var phones: [Rect]
    /// The HUD's columns cut into bands: the next frame fills them too unless it keeps the HUD's pixels.
    var hudColumns: [Rect]
    /// Where the frame drew over the background: the next frame fills these with it before it draws.
    var drawnOver: [Rect]

    /// The rects a frame draws over the background outside the phones' screens and the HUD's columns:
    /// the HUD's title column, the timeline's caption row (to the layout's right edge, where a long
    /// status would run) and each phone's title line above its screen (`PhoneTitle.band`).
    static func drawnOver(hudTitle: Rect, timeline: Rect, layout: Size, phones: [Rect]) -> [Rect] {
        let caption = Rect(x: timeline.minX, y: timeline.minY, width: Swift.max(0, layout.width - timeline.minX),
                           height: TimelinePlot.box(in: timeline).minY - timeline.minY)
        return [hudTitle, caption] + phones.map(PhoneTitle.band(over:))
    }
}

/// What a frame filled with the background before drawing: the whole target, the layout but the phones'
/// screens and the HUD's kept columns, or only these rects (the rest is the last frame's).
enum BackgroundFill: Equatable {
    case whole
    case layout
    case only([Rect])

    /// The rects filled when only some were; nil when everything was.
    var rects: [Rect]? {
        if case let .only(rects) = self { return rects }
        return nil
    }
}
