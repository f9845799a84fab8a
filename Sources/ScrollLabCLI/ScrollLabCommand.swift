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
    /// (`parseLine`) and runs the command with `window`, the build's window side (nil in the build that
    /// links no SDL), and exits with its code.
    package static func main(window: (any WindowBuild)?) {
        holdStandardDescriptors()
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        // A hang-up (the terminal closed) ends the window as SIGTERM does: SDL turns that into its quit
        // event, so the trace gets its summary and a recording is closed whole.
        signal(SIGHUP) { _ in _ = raise(SIGTERM) }
        let code = ThisBuild.$window.withValue(window) { run(Array(CommandLine.arguments.dropFirst())) }
        Glibc.exit(code)
    }

    /// Standard input, output and error that are closed (`>&-`, a launcher that closed them) are held on
    /// `/dev/null` the wrong way round (input for writing only, outputs for reading only): a file the command
    /// opens cannot take their numbers (the table meant for standard output went into the `--html` page), and
    /// using them fails as it did, with EBADF ("cannot write standard output: Bad file descriptor", exit 1;
    /// standard input cannot be read, exit 2).
    static func holdStandardDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) < 0 && errno == EBADF {
            let held = open("/dev/null", descriptor == STDIN_FILENO ? O_WRONLY : O_RDONLY)
            if held >= 0, held != descriptor {
                _ = dup2(held, descriptor)
                _ = Glibc.close(held)
            }
        }
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
