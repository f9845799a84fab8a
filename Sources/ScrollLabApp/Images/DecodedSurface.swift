import CSDL
import ScrollLabCore

/// A decoded SDL surface in 32 bits per pixel (RGBA, or XRGB when the image has no alpha), handed from a decode worker to the render thread.
/// It may be smaller than the image: the size the image is drawn at (`ImageDecoder.decode(…fitting:)`).
///
/// Only the worker that made it and then the render thread that uploads it touch the pointer, one
/// after the other, through `DecodeMailbox`'s lock: that hand-over is what makes it safe to send.
struct DecodedSurface: @unchecked Sendable {
    /// The surface; the receiver frees it (SDL_FreeSurface) once uploaded or dropped.
    let pointer: UnsafeMutablePointer<SDL_Surface>

    /// The bytes the decode allocated (width × height × 4 of its output: the whole image, or a JPEG's
    /// scaled decode): what the HUD's decoded memory counts, whatever size the texture is kept at. (The
    /// pipeline's memory cache counts a feed's image at the model's size, `ModelledDecodedSizes`.)
    let decodedBytes: Int
    /// True when the surface was shrunk to the size it is drawn at.
    let isReduced: Bool

    init(pointer: UnsafeMutablePointer<SDL_Surface>, decodedBytes: Int? = nil) {
        self.pointer = pointer
        let own = Int(pointer.pointee.w) * Int(pointer.pointee.h) * 4
        self.decodedBytes = decodedBytes ?? own
        isReduced = self.decodedBytes > own
    }

    /// True when the pixels have no alpha channel: the image covers what it is drawn over.
    var isOpaque: Bool { pointer.pointee.format.pointee.Amask == 0 }

    /// Frees the surface.
    func free() { SDL_FreeSurface(pointer) }
}
