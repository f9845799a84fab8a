import ArgumentParser
import Foundation
import ScrollLabCore

/// A command's names: the words that name it on the command line, and the one its messages start with.
package struct CommandName: Equatable, Sendable {
    /// Every word from the root, a default subcommand's too (`window`, `sweep run`): what `OptionAudit` keys on.
    package let path: String
    /// What its messages start with: `scrolllab`, then the words without a default subcommand's
    /// (`scrolllab` for the window, `scrolllab sweep` for `sweep run`, `scrolllab feed check`).
    package let display: String

    /// The command whose line is being parsed (bound by `ScrollLabCommand.parseLine`): an option that
    /// reads its file while it is parsed (`--feed`) names it in its message.
    @TaskLocal package static var parsing = CommandName(ScrollLabCommand.self)

    /// The names of `command`, a command in `ScrollLabCommand`'s tree.
    init(_ command: ParsableCommand.Type) {
        let chain = Self.chain(to: command, from: ScrollLabCommand.self) ?? [ScrollLabCommand.self]
        var path: [String] = [], display = ["scrolllab"]
        for (parent, child) in zip(chain, chain.dropFirst()) {
            let name = child.configuration.commandName ?? ""
            path.append(name)
            if parent.configuration.defaultSubcommand != child { display.append(name) }
        }
        self.path = path.joined(separator: " ")
        self.display = display.joined(separator: " ")
    }

    /// The names of the command `parsed` is.
    init(of parsed: ParsableCommand) {
        let command: ParsableCommand.Type = Swift.type(of: parsed)
        self.init(command)
    }

    /// The commands from `root` down to `command`, or nil when it is not in the tree.
    private static func chain(to command: ParsableCommand.Type, from root: ParsableCommand.Type) -> [ParsableCommand.Type]? {
        if root == command { return [root] }
        for child in root.configuration.subcommands {
            if let rest = chain(to: command, from: child) { return [root] + rest }
        }
        return nil
    }
}

/// A command line that does not run a command: a usage error, a failure, or help asked for. Every one
/// is written in one form: `scrolllab CMD: message` on standard error (help on standard output).
package struct CommandLineRefusal: Error {
    /// The exit code (`CommandExit`; 0 for help).
    package let code: Int32
    /// The text: one line for an error (empty when the command has said it already), the help screen for help.
    package let message: String
    /// The command it is about.
    package let command: CommandName

    /// A refusal of `command` with `message`.
    package init(code: Int32, message: String, command: CommandName) {
        self.code = code
        self.message = message
        self.command = command
    }

    /// What ArgumentParser made of `error` (a parse or validation error, help, an `ExitCode`), in the one form.
    init(_ error: Error, command: CommandName) {
        self.command = command
        if let exit = error as? ExitCode {
            code = exit.rawValue
            message = ""
            return
        }
        code = ScrollLabCommand.exitCode(for: error).rawValue
        message = code == CommandExit.ok ? ScrollLabCommand.fullMessage(for: error)
            : "\(command.display): \(ValueSuggestion.oneLine(ScrollLabCommand.message(for: error)))"
    }

    /// Writes the message: help on standard output, an error as its line on standard error (and, for a
    /// usage error, where the command's options are listed). Help that cannot be written (a full device,
    /// a closed pipe) is a failure: one line on standard error, exit code 1.
    func write() {
        guard !message.isEmpty else { return }
        if code == CommandExit.ok {
            print(message)
            if fflush(nil) != 0 { fail("\(command.display): cannot write standard output: \(OutputFile.errorText())") }
            return
        }
        writeStandardError(message)
        if code == CommandExit.usage { writeStandardError("See '\(command.display) --help'.") }
    }
}

/// What a command line is: a command to run (and its names), or a refusal.
package enum ParsedLine {
    case command(ParsableCommand, CommandName)
    case refused(CommandLineRefusal)
}

extension ScrollLabCommand {
    /// The refusal of `word` where one of `command`'s subcommands goes, with the nearest name.
    static func unknownCommand(_ word: String, under command: ParsableCommand.Type) -> CommandLineRefusal {
        let names = command.configuration.subcommands.compactMap { $0.configuration.commandName }
        let hint = CommandSuggestion.nearest(word, among: names).map { " Did you mean '\($0)'?" }
            ?? " Commands: \(names.joined(separator: ", "))."
        let what = command == ScrollLabCommand.self ? "command" : "subcommand"
        return CommandLineRefusal(code: CommandExit.usage, message: "\(CommandName(command).display): Unknown \(what) '\(word)'.\(hint)",
                                  command: CommandName(command))
    }

    /// Parses `arguments` (without the program's name) with the one checker every command goes through:
    /// an unknown command word is refused with the nearest name ("Did you mean 'replay'?"), a negative
    /// number after an option that takes a value is made its value (`NegativeValues`), then
    /// ArgumentParser parses the options and runs each command's `validate()` (its values, with
    /// `OptionRules`; an unknown option gets the nearest name too), then `OptionAudit` refuses an option
    /// the command cannot honour. Nothing is read or written.
    package static func parseLine(_ arguments: [String]) -> ParsedLine {
        var command: ParsableCommand.Type = ScrollLabCommand.self
        var stoppedAtWord = false
        var commandWords = 0  // the words naming the command, at the line's start
        for word in arguments {
            let subcommands = command.configuration.subcommands
            guard !word.hasPrefix("-"), !subcommands.isEmpty else { break }
            if let next = subcommands.first(where: { $0.configuration.commandName == word }) {
                command = next
                commandWords += 1
                continue
            }
            stoppedAtWord = true
            if word == "help" {
                // `help TOPIC…`: each word names a subcommand, or is refused as one would be.
                var topic = command
                for word in arguments.dropFirst(commandWords + 1) {
                    let subcommands = topic.configuration.subcommands
                    guard !word.hasPrefix("-"), !subcommands.isEmpty else { break }
                    guard let next = subcommands.first(where: { $0.configuration.commandName == word }) else {
                        return .refused(unknownCommand(word, under: topic))
                    }
                    topic = next
                }
                break
            }
            // A word where a subcommand goes is the default subcommand's argument only if it takes one.
            if let fallback = command.configuration.defaultSubcommand, takesArguments(fallback) { break }
            return .refused(unknownCommand(word, under: command))
        }
        if !stoppedAtWord || takesArgumentsThroughDefault(command) {
            while let fallback = command.configuration.defaultSubcommand { command = fallback }
        }
        let arguments = NegativeValues.attached(arguments, options: { OptionNames.takingValues(command) })
        let parsed: ParsableCommand
        do {
            parsed = try CommandName.$parsing.withValue(CommandName(command)) {
                try parseAlone(command, Array(arguments.dropFirst(commandWords))) ?? parseAsRoot(arguments)
            }
        } catch {
            return .refused(CommandLineRefusal(error, command: CommandName(command)))
        }
        let name = CommandName(of: parsed)
        do { try OptionAudit.check(name.path, line: CommandLineOptions(["scrolllab"] + arguments)) } catch {
            return .refused(CommandLineRefusal(error, command: name))
        }
        return .command(parsed, name)
    }

    /// `command`, a command without subcommands, parsed from `rest` (the line after the words naming it)
    /// on its own; nil when that fails or asks for help, or when `rest` holds a word naming a command
    /// (the root's parse might read it as one), so that the root's parse gives the outcome and its
    /// message. Where it gives a command, it is the one the root's parse gives, with less work: the
    /// root's parse reflects the options of its default subcommand, the window's hundred, whatever the
    /// command (6% of a `bench`'s instructions, a quarter of a short replay's).
    static func parseAlone(_ command: ParsableCommand.Type, _ rest: [String]) -> ParsableCommand? {
        guard command != ScrollLabCommand.self, command.configuration.subcommands.isEmpty else { return nil }
        let names = commandNames
        // Help asked for parses as a help command of its own, which would name this command alone.
        guard !rest.contains(where: names.contains), let parsed = try? command.parseAsRoot(rest),
              type(of: parsed) == command else { return nil }
        return parsed
    }

    /// Every word that names a command in the tree (names and aliases), and `help`.
    static var commandNames: Set<String> {
        var names: Set<String> = ["help"]
        var queue: [ParsableCommand.Type] = [ScrollLabCommand.self]
        while let command = queue.popLast() {
            for child in command.configuration.subcommands {
                if let name = child.configuration.commandName { names.insert(name) }
                names.formUnion(child.configuration.aliases)
                queue.append(child)
            }
        }
        return names
    }

    /// True when `command` declares a positional argument (so a word after its parent is its argument).
    static func takesArguments(_ command: ParsableCommand.Type) -> Bool {
        Mirror(reflecting: command.init()).children.contains { String(describing: type(of: $0.value)).hasPrefix("Argument<") }
    }

    /// True when `command`'s default subcommand takes the word that stopped the walk.
    private static func takesArgumentsThroughDefault(_ command: ParsableCommand.Type) -> Bool {
        command.configuration.defaultSubcommand.map(takesArguments) ?? false
    }
}

/// The nearest name to a mistyped one (`replya` → `replay`), as the suggestion of a usage error.
enum CommandSuggestion {
    /// The name among `names` fewest edits from `word` (a swap of two letters is one edit), if it is near enough.
    static func nearest(_ word: String, among names: [String]) -> String? {
        let scored = names.map { (name: $0, distance: distance(word.lowercased(), $0)) }
        guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
        return best.distance <= max(2, word.count / 3) ? best.name : nil
    }

    /// The optimal-string-alignment distance: insertions, deletions, substitutions and swaps of neighbours.
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        guard !x.isEmpty else { return y.count }
        guard !y.isEmpty else { return x.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in 0...x.count { d[i][0] = i }
        for j in 0...y.count { d[0][j] = j }
        for i in 1...x.count {
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[x.count][y.count]
    }
}

/// A negative number is a value, never an option's name (docs/command-line.md): ArgumentParser reads
/// `--minutes -1` as `--minutes` without its value and `-1` as short options, so "Missing value". Here,
/// for every option of every command at once, a negative number after an option that takes a value is
/// attached to it (`--minutes=-1`), and the option's own rule accepts or refuses it.
enum NegativeValues {
    /// `arguments` with each negative number that follows an option taking a value (among `options()`,
    /// asked only when there is one) attached to it; nothing after a lone `--` is touched.
    static func attached(_ arguments: [String], options: () -> Set<String>) -> [String] {
        var names: Set<String>?
        var out: [String] = []
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            if argument == "--" { return out + arguments[i...] }
            if i + 1 < arguments.count, argument.hasPrefix("--"), !argument.contains("="), isNegativeNumber(arguments[i + 1]) {
                names = names ?? options()
                if names!.contains(argument) {
                    out.append(argument + "=" + arguments[i + 1])
                    i += 2
                    continue
                }
            }
            out.append(argument)
            i += 1
        }
        return out
    }

    /// True for `-` and a digit (`-1`, `-0.5`, `-1/2`, `-1e3`), `-.5`, `-inf`, `-infinity` or `-nan`: no option is named so.
    static func isNegativeNumber(_ word: String) -> Bool {
        let rest = word.utf8.dropFirst()
        guard word.utf8.first == UInt8(ascii: "-"), let first = rest.first else { return false }
        if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) { return true }
        if first == UInt8(ascii: "."), let next = rest.dropFirst().first { return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) }
        return ["inf", "infinity", "nan"].contains(String(word.dropFirst()).lowercased())
    }
}

/// The names of a command's options, as ArgumentParser describes the command (its help dump: every
/// option, hidden ones and those of option groups included).
enum OptionNames {
    private struct Dump: Decodable {
        struct Command: Decodable { var arguments: [Argument]? }
        struct Argument: Decodable {
            var kind: String
            var names: [Name]?
            var shouldDisplay: Bool?
        }
        struct Name: Decodable {
            var kind: String
            var name: String
        }
        var command: Command
    }

    /// `--name` of every option of `command` that takes a value (not a flag, not a positional argument).
    static func takingValues(_ command: ParsableCommand.Type) -> Set<String> {
        longNames(command, kinds: ["option"])
    }

    /// `--name` of every option and flag of `command` (`shown`: only those its `--help` lists).
    static func longNames(_ command: ParsableCommand.Type, kinds: Set<String> = ["option", "flag"], shown: Bool = false) -> Set<String> {
        guard let dump = try? JSONDecoder().decode(Dump.self, from: Data(command._dumpHelp().utf8)) else { return [] }
        var names: Set<String> = []
        for argument in dump.command.arguments ?? [] where kinds.contains(argument.kind) && (!shown || argument.shouldDisplay != false) {
            for name in argument.names ?? [] {
                switch name.kind {
                case "long": names.insert("--" + name.name)
                case "longWithSingleDash": names.insert("-" + name.name)
                default: break   // a short name (`-n`) is not followed by `--`'s check
                }
            }
        }
        return names
    }
}

/// A value that is not one of an option's names: the nearest name, or all of them, on one line.
enum ValueSuggestion {
    /// " Did you mean 'adaptive'?" when a name is near `value`, else " (one of 'a', 'b' or 'c')"; empty
    /// without names.
    static func hint(_ value: String, among names: [String]) -> String {
        guard !names.isEmpty else { return "" }
        if let near = CommandSuggestion.nearest(value, among: names) { return ". Did you mean '\(near)'?" }
        return " (one of \(listed(names)))"
    }

    /// ArgumentParser's refusal of a value not among an enumeration's names, on one line and with the
    /// nearest name when one is near. Past four names ArgumentParser lists them one a line ("Please
    /// provide one of the following:\n  - eager\n  - …"), which the one-line rule would show as literal
    /// "\n": they are given as it gives shorter lists ("Please provide one of 'ios', 'android' or …").
    static func oneLine(_ message: String) -> String {
        let long = "Please provide one of the following:", short = "Please provide one of "
        let names: [String]
        let head: Substring
        if let range = message.range(of: long) {
            head = message[..<range.lowerBound]
            names = message[range.upperBound...].split(separator: "\n").compactMap { line -> String? in
                let item = line.trimmingCharacters(in: .whitespaces)
                return item.hasPrefix("- ") ? String(item.dropFirst(2)) : nil
            }
        } else if let range = message.range(of: short) {
            head = message[..<range.lowerBound]
            names = message[range.upperBound...].split(separator: "'", omittingEmptySubsequences: false).enumerated().compactMap { $0.offset % 2 == 1 ? String($0.element) : nil }
        } else {
            return message
        }
        guard !names.isEmpty, let value = rejectedValue(in: head) else { return message }
        let near = CommandSuggestion.nearest(value, among: names).map { "Did you mean '\($0)'? " } ?? ""
        return head + near + "Please provide one of \(listed(names))."
    }

    /// `'a', 'b' or 'c'`.
    static func listed(_ names: [String]) -> String {
        let quoted = names.map { "'\($0)'" }
        return quoted.count < 2 ? quoted.joined() : quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }

    /// The value in "The value 'X' is invalid for …".
    private static func rejectedValue(in text: Substring) -> String? {
        guard let start = text.range(of: "The value '"), let end = text.range(of: "' is invalid", range: start.upperBound..<text.endIndex)
        else { return nil }
        return String(text[start.upperBound..<end.lowerBound])
    }
}
