/// Why the window could not start: each case carries one line for the user.
package enum AppError: Error {
    /// No display to open a window on (and `--headless` was not asked for).
    case noDisplay(String)
    /// An SDL call failed; the text is SDL's error.
    case sdl(String)
    /// No usable font file was found or it could not be opened.
    case font(String)
    /// A command-line value that cannot be used.
    case usage(String)
    /// An output file that cannot be opened for writing.
    case output(String)

    /// The single line printed to standard error.
    package var message: String {
        switch self {
        case let .noDisplay(why):
            return "scrolllab: no display (\(why)); run with --headless, or under xvfb-run"
        case let .sdl(why): return "scrolllab: SDL error: \(why)"
        case let .font(why): return "scrolllab: \(why)"
        case let .usage(why), let .output(why): return "scrolllab: \(why)"
        }
    }
}
