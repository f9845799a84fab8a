import CSDL
import LabKit
import ScrollLabCore

/// GPU textures of decoded images, keyed by asset, owned by the render thread.
///
/// The core's memory cache decides what stays; this store mirrors it: a texture is created when a
/// decoded surface is uploaded and destroyed when the cache evicts its key, so texture memory follows
/// the cache's byte limit. For SDL's software renderer an opaque image keeps its decoded surface instead
/// (`TexturePixels`), which the canvas copies or blends into the window itself; its texture is made from
/// it only when a draw needs one (stretched, or a renderer target), so an upload copies nothing.
final class TextureStore {
    let renderer: OpaquePointer
    private var textures: [Int: OpaquePointer] = [:]
    private var opaqueKeys: Set<Int> = []
    private var reducedKeys: Set<Int> = []
    /// The pixels of the opaque textures, kept for SDL's software renderer (`Canvas.drawKept`).
    private var pixelCopies: [Int: TexturePixels] = [:]
    /// True when the pixels of opaque textures are kept: the renderer is SDL's software one.
    private let keepsPixels: Bool
    /// What each texture's decode allocated, by asset (`DecodedSurface.decodedBytes`), and their sum.
    private var decodedByKey: [Int: Int] = [:]
    private(set) var decodedBytes = 0
    /// The ThumbHash previews' textures, by asset (B-COST-2): a few kilobytes each, made on first use.
    private var previews: [Int: OpaquePointer] = [:]
    /// Why an image the pipeline had already counted loaded (the modelled network passes a load on at
    /// its time, the texture following) could not be decoded, by asset: its tile says so, not "decoding…".
    private var undecodable: [Int: String] = [:]

    /// Makes an empty store drawing with `renderer`.
    init(renderer: OpaquePointer) {
        self.renderer = renderer
        var info = SDL_RendererInfo()
        keepsPixels = SDL_GetRendererInfo(renderer, &info) == 0 && info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
    }

    deinit { removeAll() }

    /// Number of images uploaded.
    var count: Int { decodedByKey.count }

    /// True when the image of `key` is uploaded.
    func contains(_ key: Int) -> Bool { decodedByKey[key] != nil }

    /// The texture for asset `key`, if uploaded; made from its kept pixels on first use.
    func texture(for key: Int) -> OpaquePointer? {
        if let texture = textures[key] { return texture }
        guard let kept = pixelCopies[key], let texture = SDL_CreateTextureFromSurface(renderer, kept.surface) else { return nil }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        textures[key] = texture
        return texture
    }

    /// True when the image of `key` has no alpha channel (it may be drawn without blending at full opacity).
    func isOpaque(_ key: Int) -> Bool { opaqueKeys.contains(key) }

    /// True when the texture of `key` is smaller than its image (kept at the size a tile draws it at).
    func isReduced(_ key: Int) -> Bool { reducedKeys.contains(key) }

    /// Notes that the image of `key`, counted loaded before its decode, did not decode, and why.
    func noteUndecodable(_ key: Int, reason: String) { undecodable[key] = reason }

    /// Why the image of `key` did not decode, when it did not and has no texture.
    func undecodableReason(_ key: Int) -> String? { decodedByKey[key] == nil ? undecodable[key] : nil }

    /// The pixels of the opaque texture of `key`, when kept (SDL's software renderer).
    func pixels(for key: Int) -> TexturePixels? { pixelCopies[key] }

    /// Uploads `surface` as the image of `key`: for SDL's software renderer an opaque one is kept as its
    /// pixels (no texture yet), any other is made a texture and freed. Returns false if SDL refused.
    @discardableResult
    func upload(_ surface: DecodedSurface, for key: Int) -> Bool {
        // Read before the surface is freed (below, once it is made a texture).
        let isOpaque = surface.isOpaque
        let kept = keepsPixels && isOpaque ? TexturePixels(taking: surface.pointer) : nil
        var texture: OpaquePointer?
        if kept == nil {
            defer { surface.free() }
            guard let made = SDL_CreateTextureFromSurface(renderer, surface.pointer) else { return false }
            SDL_SetTextureBlendMode(made, SDL_BLENDMODE_BLEND)
            texture = made
        }
        if let old = textures.removeValue(forKey: key) { SDL_DestroyTexture(old) }
        textures[key] = texture
        decodedBytes += surface.decodedBytes - (decodedByKey.updateValue(surface.decodedBytes, forKey: key) ?? 0)
        if isOpaque { opaqueKeys.insert(key) } else { opaqueKeys.remove(key) }
        if surface.isReduced { reducedKeys.insert(key) } else { reducedKeys.remove(key) }
        pixelCopies[key] = kept
        return true
    }

    /// The texture of `image`, the decoded preview of `asset` (made once, scaled with linear filtering).
    func previewTexture(for asset: Int, image: ThumbHash.Image) -> OpaquePointer? {
        if let kept = previews[asset] { return kept }
        guard image.width > 0, image.height > 0, image.rgba.count == image.width * image.height * 4 else { return nil }
        if previews.count >= 1024 { removePreviews() }
        var pixels = image.rgba
        let texture: OpaquePointer? = pixels.withUnsafeMutableBytes { raw in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(raw.baseAddress, Int32(image.width), Int32(image.height), 32,
                                                                   Int32(image.width * 4), SDL_PIXELFORMAT_ABGR8888.rawValue) else { return nil }
            defer { SDL_FreeSurface(surface) }
            return SDL_CreateTextureFromSurface(renderer, surface)
        }
        guard let texture else { return nil }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        previews[asset] = texture
        return texture
    }

    /// Destroys the previews' textures.
    private func removePreviews() {
        for texture in previews.values { SDL_DestroyTexture(texture) }
        previews.removeAll()
    }

    /// Destroys the texture of `key`.
    func remove(_ key: Int) {
        if let texture = textures.removeValue(forKey: key) { SDL_DestroyTexture(texture) }
        decodedBytes -= decodedByKey.removeValue(forKey: key) ?? 0
        opaqueKeys.remove(key)
        reducedKeys.remove(key)
        pixelCopies[key] = nil
    }

    /// Destroys the images whose asset `shouldRemove` picks.
    func removeAll(where shouldRemove: (Int) -> Bool) {
        for key in decodedByKey.keys where shouldRemove(key) { remove(key) }
    }

    /// Destroys every texture.
    func removeAll() {
        for texture in textures.values { SDL_DestroyTexture(texture) }
        textures.removeAll()
        decodedByKey.removeAll()
        decodedBytes = 0
        opaqueKeys.removeAll()
        reducedKeys.removeAll()
        pixelCopies.removeAll()
        removePreviews()
    }
}

/// An opaque texture's pixels (32-bit RGB888, rows `pitch` pixels apart): the decoded surface it was made from,
/// kept (not copied: no new memory touched during the frame that uploads it) for drawing it into SDL's software
/// window directly (`Canvas.drawKept`); freed with it.
final class TexturePixels {
    let width: Int
    let height: Int
    /// Pixels from one row to the next.
    let pitch: Int
    /// The first pixel.
    let base: UnsafePointer<UInt32>
    /// The decoded surface (a texture is made from it when a draw needs one).
    let surface: UnsafeMutablePointer<SDL_Surface>

    /// Takes `surface` (freed with this) when it is 32-bit RGB888, what `ImageDecoder` makes of opaque images;
    /// nil (and `surface` left to the caller) otherwise.
    init?(taking surface: UnsafeMutablePointer<SDL_Surface>) {
        guard let format = surface.pointee.format, format.pointee.format == SDL_PIXELFORMAT_RGB888.rawValue,
              surface.pointee.flags & UInt32(SDL_RLEACCEL) == 0, let pixels = surface.pointee.pixels else { return nil }
        self.surface = surface
        width = Int(surface.pointee.w)
        height = Int(surface.pointee.h)
        pitch = Int(surface.pointee.pitch) / 4
        base = UnsafePointer(pixels.assumingMemoryBound(to: UInt32.self))
    }

    deinit { SDL_FreeSurface(surface) }
}
