import ScrollLabCore
import Testing
@testable import ScrollLabCLI

/// The window's options become the plain `WindowOptions` in one place, every option carried over from
/// its group.
@Suite struct WindowCommandTests {
    /// No option given: the options' own defaults.
    @Test func theDefaultsAreTheWindowOptionsDefaults() throws {
        let parsed = try WindowCommand.parse([]).windowOptions
        let plain = WindowOptions()
        #expect(parsed.traceOut == plain.traceOut && parsed.traceDidScroll == plain.traceDidScroll)
        #expect(parsed.tracePointer == plain.tracePointer && parsed.traceFrames == plain.traceFrames)
        #expect(parsed.screenshot == plain.screenshot && parsed.screenshotAfter == plain.screenshotAfter)
        #expect(parsed.headless == plain.headless && parsed.software == plain.software && parsed.renderDriver == plain.renderDriver)
        #expect(parsed.replayFile == plain.replayFile && parsed.frames == plain.frames && parsed.quitAfter == plain.quitAfter)
        #expect(parsed.scale == plain.scale && parsed.pacing == plain.pacing)
        #expect(parsed.stallMs == plain.stallMs && parsed.stallEvery == plain.stallEvery)
        #expect(parsed.source == plain.source && parsed.clearDiskCache == plain.clearDiskCache && parsed.httpTimeout == plain.httpTimeout)
        #expect(parsed.debugStallAtSample == plain.debugStallAtSample && parsed.debugStallMs == plain.debugStallMs)
    }

    /// Every option reaches its field.
    @Test func everyOptionReachesItsField() throws {
        let o = try WindowCommand.parse([
            "--trace-out", "/tmp/t.jsonl", "--trace-did-scroll", "--trace-pointer", "--trace-frames",
            "--screenshot", "/tmp/s.png", "--screenshot-after", "2.5", "--headless", "--software", "--renderer", "opengl",
            "--replay", "/tmp/g.jsonl", "--frames", "30", "--quit-after", "4", "--scale", "2", "--pacing", "legacy",
            "--stall-ms", "50", "--stall-every", "1.5", "--source", "http://127.0.0.1:8080/img/{asset}.jpg", "--clear-disk-cache",
            "--http-timeout", "3", "--debug-stall-at-sample", "7", "--debug-stall-ms", "40",
        ]).windowOptions
        #expect(o.traceOut == "/tmp/t.jsonl" && o.traceDidScroll && o.tracePointer && o.traceFrames)
        #expect(o.screenshot == "/tmp/s.png" && o.screenshotAfter == 2.5)
        #expect(o.headless && o.software && o.renderDriver == "opengl")
        #expect(o.replayFile == "/tmp/g.jsonl" && o.frames == 30 && o.quitAfter == 4 && o.scale == 2 && o.pacing == .legacy)
        #expect(o.stallMs == 50 && o.stallEvery == 1.5)
        #expect(o.source == "http://127.0.0.1:8080/img/{asset}.jpg" && o.clearDiskCache && o.httpTimeout == 3)
        #expect(o.debugStallAtSample == 7 && o.debugStallMs == 40)
        #expect(try WindowCommand.parse(["--pacing", "display-link"]).windowOptions.pacing == .displayLink)
        #expect(throws: (any Error).self) { try WindowCommand.parse(["--pacing", "displaylink"]) }
    }
}
