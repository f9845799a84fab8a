import ArgumentParser
import Foundation
import ScrollLabCore

/// `scrolllab`: the window by default, and the lab's command-line ports.
package struct ScrollLabCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "scrolllab",
        abstract: "A desktop laboratory for iOS-style scrolling.",
        discussion: WindowCommand.keysHelp + "\n\n" + WindowCommand.optionsSummary,
        subcommands: [
            // Each port adds its command here.
            WindowCommand.self,
            VelocityCommand.self,
            BenchCommand.self,
            ReplayCommand.self,
            SoakCommand.self,
            PhysicsCompareCommand.self,
            ServeCommand.self,
            SweepCommand.self,
            GesturesCommand.self,
            FeedCommand.self,
        ],
        defaultSubcommand: WindowCommand.self
    )

    package init() {}

    /// Ignores SIGPIPE, so writing to a closed pipe is an EPIPE error each command reports in one line
    /// (and a non-zero exit) instead of a silent death; then runs the command with `drawing` (nil in the
    /// build that links no SDL).
    package static func main(drawing: (any Drawing)?) {
        signal(SIGPIPE, SIG_IGN)
        // A hang-up (the terminal closed) ends the window as SIGTERM does: SDL turns that into its quit
        // event, so the trace gets its summary and a recording is closed whole.
        signal(SIGHUP) { _ in _ = raise(SIGTERM) }
        Drawings.$current.withValue(drawing) { main(nil) }
    }
}
