import CSDL

/// A text's pixels as SDL_ttf rasterized them (ARGB8888, rows `width` apart), kept beside its texture so that a
/// software window has them blended in place (`Canvas.blendText`) rather than through SDL's blitter.
final class TextPixels {
    let width: Int
    let height: Int
    /// The first pixel.
    let base: UnsafeMutablePointer<UInt32>

    /// A copy of `surface`'s pixels when it is ARGB8888 and not RLE-encoded (what SDL_ttf's blended rendering
    /// makes); nil otherwise.
    init?(copying surface: UnsafeMutablePointer<SDL_Surface>) {
        guard let format = surface.pointee.format, format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue,
              surface.pointee.flags & UInt32(SDL_RLEACCEL) == 0, let pixels = surface.pointee.pixels,
              surface.pointee.w > 0, surface.pointee.h > 0 else { return nil }
        width = Int(surface.pointee.w)
        height = Int(surface.pointee.h)
        base = .allocate(capacity: width * height)
        let pitch = Int(surface.pointee.pitch)
        for y in 0..<height {
            base.advanced(by: y * width).update(from: (pixels + y * pitch).assumingMemoryBound(to: UInt32.self), count: width)
        }
    }

    deinit { base.deallocate() }
}
