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

    /// Ignores SIGPIPE and SIGXFSZ, so writing to a closed pipe (EPIPE) or past a file-size limit
    /// (`ulimit -f`: EFBIG) is a write error each command reports in one line (and exit 1), its file cut
    /// back to whole lines, instead of a silent death mid-line; then parses the command line
    /// (`parseLine`) and runs the command with `drawing` (nil in the build that links no SDL), and exits
    /// with its code.
    package static func main(drawing: (any Drawing)?) {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        // A hang-up (the terminal closed) ends the window as SIGTERM does: SDL turns that into its quit
        // event, so the trace gets its summary and a recording is closed whole.
        signal(SIGHUP) { _ in _ = raise(SIGTERM) }
        let code = Drawings.$current.withValue(drawing) { run(Array(CommandLine.arguments.dropFirst())) }
        Glibc.exit(code)
    }

    /// Parses `arguments` and runs the command they name; returns the exit code (`CommandExit`), every
    /// refusal written as `CommandLineRefusal.write` writes it.
    static func run(_ arguments: [String]) -> Int32 {
        switch parseLine(arguments) {
        case let .refused(refusal):
            refusal.write()
            return refusal.code
        case let .command(parsed, name):
            var command = parsed
            do {
                try command.run()
                return CommandExit.ok
            } catch {
                let refusal = CommandLineRefusal(error, command: name)
                refusal.write()
                return refusal.code
            }
        }
    }
}
