import CSDL
import Foundation
import Testing
@testable import ScrollLabApp

/// Screenshots are encoded and written off the main thread: each one asked for is written, told once, in
/// the order taken, and a path that cannot be written is told as an error.
@MainActor @Suite struct ScreenshotWriterTests {
    /// A surface of `width`×`height` filled with one colour, as `Screenshot.capture` hands over.
    func surface(width: Int32, height: Int32, colour: UInt32) throws -> UnsafeMutablePointer<SDL_Surface> {
        let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, CSDL_PIXELFORMAT_ARGB8888))
        SDL_FillRect(surface, nil, colour)
        return surface
    }

    @Test func everyScreenshotIsWrittenAndToldOnceInOrder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenshot-writer-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let writer = ScreenshotWriter()
        let paths = (1...3).map { "\(folder)/shot-\($0).png" }
        for (n, path) in paths.enumerated() {
            writer.write(try surface(width: 40 + Int32(n), height: 30, colour: 0xFF20_4080), to: path)
        }
        writer.waitForAll()
        #expect(!writer.isWriting)
        let written = writer.takeWritten()
        #expect(written.map(\.path) == paths)
        #expect(written.allSatisfy { $0.error == nil })
        #expect(writer.takeWritten().isEmpty)
        for (n, path) in paths.enumerated() {
            let image = try #require(IMG_Load(path))
            defer { SDL_FreeSurface(image) }
            #expect(image.pointee.w == 40 + Int32(n) && image.pointee.h == 30)
        }
    }

    @Test func aPathThatCannotBeWrittenIsToldAsAnError() throws {
        let writer = ScreenshotWriter()
        let path = "/proc/scrolllab-no-such-folder/shot.png"
        writer.write(try surface(width: 8, height: 8, colour: 0xFF00_0000), to: path)
        writer.waitForAll()
        let written = writer.takeWritten()
        #expect(written.map(\.path) == [path])
        #expect(written.first?.error != nil)
    }
}
