import ArgumentParser

extension BenchCommand {
    /// `--frames` and the options that go with it: the frame bench, which times the window's own drawing
    /// instead of comparing the loading policies (`runFrames`).
    struct FrameBench: ParsableArguments {
        @Flag(name: .long, help: "Measure frame times instead: the grid with real images through a fling, offscreen, per renderer.")
        var frames = false

        @Option(name: .long, parsing: .unconditional, help: "With --frames: that many phones side by side (compare mode, 1–4), each with its own policy (the first N), its own images and pipeline.")
        var compare: Int?

        @Option(name: .customLong("frames-gesture"), help: "With --frames: the gesture file to play (default: rapid-flings.jsonl of the gestures directory).")
        var framesGesture: String?

        @Option(name: .customLong("renderer"), help: "With --frames: measure only this SDL renderer (software, opengl, opengles2); repeatable.")
        var renderers: [String] = []

        @Option(name: .customLong("scale"), help: "With --frames: draw the layout at this many times its size, as a window opened with --scale, or fitted to a smaller screen (0.97: four phones on 1920×1080).")
        var framesScale: Double?

        @Option(name: .customLong("frames-trace"), help: "With --frames: also write every measured frame as a JSON line to FILE (\"-\": standard output, then no table): {\"renderer\":…,\"frame\":…,\"t\":…,\"workMs\":…,\"cpuMs\":…,\"imageMs\":…,\"textTextures\":…,\"waitMs\":…}, the control's frames too. A frame whose work took well over its CPU time was slowed by the machine, not by its own work: for waitMs, ready to run while other threads or processes had the cores (null where the system does not keep it); for the rest, blocked or taken by a virtual machine's host.")
        var framesTrace: String?

        @Flag(name: .long, help: "With --frames: also time a control, frames of fixed work as long as the first renderer's median (the window's pixels written over) paced alike: the tail this machine adds to any frame.")
        var control = false
    }
}
