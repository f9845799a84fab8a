import ScrollKit

/// libFuzzer entry point (also exported under libFuzzer's conventional name). The first byte chooses what the rest feeds:
/// - even: the bytes as gesture-file text → `GestureFile.parse`; parsed events go on to the model;
/// - odd: the bytes as raw pointer events (time, x, y as 8-byte doubles and a phase byte), delivered to
///   the model unvalidated, so NaN, infinities, 1e308 and backwards times reach it directly.
/// The first byte's other bits choose scroll-view options (see `FuzzModel.makeScrollView`); bit 6 also
/// replays the events through a grid scene with a loading policy chosen by the bits above bit 0.
/// A crash, a sanitizer report or a failed model invariant (`FuzzModel.check`) is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data + 1, count: size - 1)
    if data[0] & 1 == 0 {
        let text = String(decoding: bytes, as: UTF8.self)
        do {
            let events = try GestureFile.parse(text)
            // A parsed file must round-trip through serialize.
            let again = try GestureFile.parse(GestureFile.serialize(events))
            require(again.count == events.count, "serialize/parse changed the event count")
            FuzzModel.run(events, flags: data[0])
        } catch {
            // A rejected file must name a line inside the text.
            let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count
            require(error.line >= 1 && error.line <= max(1, lines), "error names line \(error.line) of \(lines)")
            _ = error.description
        }
    } else {
        FuzzModel.run(FuzzModel.rawEvents(bytes), flags: data[0])
    }
    return 0
}

/// Stops the run with `message` when `condition` fails (unlike `precondition`, keeps the message in -O builds).
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError(message()) }
}
