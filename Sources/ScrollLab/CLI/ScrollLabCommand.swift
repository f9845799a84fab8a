import ArgumentParser

/// `scrolllab`: the window by default, and the lab's command-line ports.
@main
struct ScrollLabCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scrolllab",
        abstract: "A desktop laboratory for iOS-style scrolling.",
        subcommands: [
            // Each port adds its command here.
            WindowCommand.self,
            VelocityCommand.self,
            BenchCommand.self,
            ReplayCommand.self,
            SoakCommand.self,
        ],
        defaultSubcommand: WindowCommand.self
    )
}
