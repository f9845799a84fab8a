import Foundation
import ScrollKit

/// libFuzzer targets, chosen by `FUZZ_TARGET` (`Tests/Fuzz/run.sh` runs each with its own corpus):
/// - `parser`: the bytes as a gesture file, fed line by line to `GestureFileParser` (`FuzzParser`);
/// - `model`: the bytes as pointer input for the scroll model, with a bounded number of frames per
///   input (`FuzzModel`).
/// A crash, a sanitizer report or a broken invariant (`require`) is a finding.
enum FuzzTarget: String {
    case parser, model

    /// The target named by `FUZZ_TARGET` (default: model).
    static var selected: FuzzTarget {
        getenv("FUZZ_TARGET").flatMap { FuzzTarget(rawValue: String(cString: $0)) } ?? .model
    }

    func run(_ data: UnsafePointer<UInt8>, _ size: Int) {
        let bytes = UnsafeBufferPointer(start: data, count: size)
        switch self {
        case .parser: FuzzParser.run(bytes)
        case .model: FuzzModel.run(bytes)
        }
    }
}

/// Stops the run with `message` when `condition` fails (unlike `precondition`, keeps the message in -O builds).
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError(message()) }
}

/// libFuzzer's conventional entry point, for tools that look for it: runs the `FUZZ_TARGET` target.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzTarget.selected.run(data, size)
    return 0
}
