import CSDL
import Foundation

/// The window's screenshots, encoded and written on a thread of their own. The frame that takes one pays
/// only for reading the window's pixels: encoding a 960×600 PNG takes 50–90 ms, which on the main thread
/// would show in the trace as a hitch the scroll view never caused. The main thread collects what has
/// been written (`takeWritten`) and waits for the rest before the window closes (`waitForAll`).
final class ScreenshotWriter: @unchecked Sendable {
    /// A screenshot written, or not: its path and the error line, nil when it was saved.
    struct Outcome: Sendable {
        let path: String
        let error: String?
    }

    /// The pixels read, handed to the writing thread, which alone uses and frees them.
    private struct Pixels: @unchecked Sendable {
        let surface: UnsafeMutablePointer<SDL_Surface>
    }

    private let queue = DispatchQueue(label: "scrolllab.screenshots")
    private let lock = NSLock()
    private var written: [Outcome] = []
    private var writing = 0

    /// Whether a screenshot is still being encoded or written.
    var isWriting: Bool { lock.withLock { writing > 0 } }

    /// Encodes `surface` as a PNG at `path` and frees it, on the writing thread.
    func write(_ surface: UnsafeMutablePointer<SDL_Surface>, to path: String) {
        lock.withLock { writing += 1 }
        let pixels = Pixels(surface: surface)
        queue.async { [self] in
            let error = Screenshot.write(pixels.surface, to: path)
            SDL_FreeSurface(pixels.surface)
            lock.withLock {
                written.append(Outcome(path: path, error: error))
                writing -= 1
            }
        }
    }

    /// The screenshots written since the last call, in the order they were taken.
    func takeWritten() -> [Outcome] {
        lock.withLock {
            defer { written.removeAll() }
            return written
        }
    }

    /// Returns once every screenshot asked for has been written.
    func waitForAll() {
        queue.sync {}
    }
}
