import CSDL
import Testing
@testable import ScrollLabApp

/// What `TextureStore.upload` keeps for SDL's software renderer: an opaque image's decoded pixels (its
/// texture made on first use), any other image as a texture with its surface freed.
@MainActor @Suite struct TextureStoreTests {
    @Test func theSoftwareRendererKeepsAnOpaqueImagesPixelsAndMakesTheOthersTextures() throws {
        let window = try #require(SDL_CreateRGBSurfaceWithFormat(0, 64, 16, 32, SDL_PIXELFORMAT_RGB888.rawValue))
        defer { SDL_FreeSurface(window) }
        let renderer = try #require(SDL_CreateSoftwareRenderer(window))
        defer { SDL_DestroyRenderer(renderer) }
        let store = TextureStore(renderer: renderer)
        defer { store.removeAll() }

        let opaque = try #require(SDL_CreateRGBSurfaceWithFormat(0, 3, 2, 32, SDL_PIXELFORMAT_RGB888.rawValue))
        #expect(store.upload(DecodedSurface(pointer: opaque), for: 1))
        #expect(store.isOpaque(1))
        #expect(store.pixels(for: 1)?.width == 3)
        #expect(store.texture(for: 1) != nil)   // made from the kept pixels

        // An image with alpha (as SDL_image decodes every TIFF) is made a texture and its surface freed in the
        // upload: what the store records of it is read before (reading it after trapped a software run).
        let translucent = try #require(SDL_CreateRGBSurfaceWithFormat(0, 5, 4, 32, SDL_PIXELFORMAT_ABGR8888.rawValue))
        #expect(store.upload(DecodedSurface(pointer: translucent), for: 2))
        #expect(!store.isOpaque(2))
        #expect(store.pixels(for: 2) == nil)
        #expect(store.texture(for: 2) != nil)

        #expect(store.count == 2)
        #expect(store.decodedBytes == 3 * 2 * 4 + 5 * 4 * 4)
        store.remove(1)
        #expect(!store.contains(1) && store.contains(2))
        #expect(store.decodedBytes == 5 * 4 * 4)
    }
}
