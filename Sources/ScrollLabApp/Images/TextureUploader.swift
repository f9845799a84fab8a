import CSDL
import ScrollKit
import ScrollLabCore

/// The upload stage of the window's images: decoded surfaces become textures on the render thread, at
/// most `perFrame` of them and `budget` seconds of work a frame, so a burst of arrivals never costs one
/// frame more than its share. It also keeps the figures of that work the trace reports.
struct TextureUploader {
    /// Textures of decoded images.
    let textures: TextureStore
    /// At most this many uploads per frame…
    var perFrame = 4
    /// …and no more upload work than this per frame, seconds.
    var budget = 0.003
    /// Output pixels per point (the window's scale), for the pixel size an image is drawn at.
    var pixelScale = 1.0
    /// Longest time one frame spent on image work (draining and uploading), seconds.
    private(set) var worstFrameWork = 0.0
    /// Time the last frame spent on image work, seconds.
    private(set) var lastFrameWork = 0.0
    /// Decoded memory now and at its peak, and the last image frame's decode and upload time (the HUD's).
    var figures = ImageWorkFigures()

    /// The pixel size of an image drawn at `size` points (nil: the image's own).
    func fitting(_ size: Size?) -> PixelSize? {
        size.map { PixelSize(width: Int32(Self.pixels($0.width, pixelScale)), height: Int32(Self.pixels($0.height, pixelScale))) }
    }

    /// `points` at `scale` pixels a point, rounded up, at most the largest texture side: a feed's item
    /// can be thousands of screens tall (B-FEED-1 bounds its sides, not its shape), and no image is
    /// decoded or drawn from more than that.
    static func pixels(_ points: Double, _ scale: Double) -> Int {
        let p = (points * scale).rounded(.up)
        return p < Double(ImageHeader.defaultMaxDimension) ? Int(Swift.max(p, 0)) : ImageHeader.defaultMaxDimension
    }

    /// True while a frame that began at `start` may upload another image, `done` uploaded so far: the first
    /// always (a frame whose draining ran past the budget, or a stalled one, still moves the queue on), then
    /// up to `perFrame` within `budget`.
    func mayUpload(after done: Int, since start: UInt64) -> Bool {
        done == 0 || (done < perFrame && Self.seconds(since: start) < budget)
    }

    /// Notes a frame's image work, which began at `start`.
    mutating func endFrame(since start: UInt64) {
        lastFrameWork = Self.seconds(since: start)
        worstFrameWork = Swift.max(worstFrameWork, lastFrameWork)
    }

    /// Seconds since the performance counter read `start`.
    static func seconds(since start: UInt64) -> Double {
        Double(SDL_GetPerformanceCounter() &- start) / Double(SDL_GetPerformanceFrequency())
    }
}
