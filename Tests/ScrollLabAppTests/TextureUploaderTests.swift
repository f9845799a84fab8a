import CSDL
import Testing
@testable import ScrollLabApp

/// The window's upload budget (B-IMG-1): at most `perFrame` textures a frame and `budget` seconds of the
/// frame's image work, and always the first, so the queue moves on whatever the frame's draining cost.
@MainActor @Suite struct TextureUploaderTests {
    @Test func aFrameUploadsAtMostFourWithinThreeMillisecondsAndAlwaysOne() throws {
        let window = try #require(SDL_CreateRGBSurfaceWithFormat(0, 8, 8, 32, SDL_PIXELFORMAT_RGB888.rawValue))
        defer { SDL_FreeSurface(window) }
        let renderer = try #require(SDL_CreateSoftwareRenderer(window))
        defer { SDL_DestroyRenderer(renderer) }
        var uploader = TextureUploader(textures: TextureStore(renderer: renderer))
        #expect(uploader.perFrame == 4 && uploader.budget == 0.003)
        // A frame that has just begun: four, not a fifth.
        let now = SDL_GetPerformanceCounter()
        #expect((0..<4).allSatisfy { uploader.mayUpload(after: $0, since: now) })
        #expect(!uploader.mayUpload(after: 4, since: now))
        // A frame whose image work began 5 ms ago (past the budget): the first upload only.
        let late = now &- UInt64(0.005 * Double(SDL_GetPerformanceFrequency()))
        #expect(uploader.mayUpload(after: 0, since: late))
        #expect(!uploader.mayUpload(after: 1, since: late))
        // No budget at all: one a frame.
        uploader.budget = 0
        #expect(uploader.mayUpload(after: 0, since: SDL_GetPerformanceCounter()))
        #expect(!uploader.mayUpload(after: 1, since: SDL_GetPerformanceCounter()))
    }
}
