import ArgumentParser

extension WindowCommand {
    /// `--trace-out` and what it adds to the trace: the window's record of a session as JSON lines.
    struct Trace: ParsableArguments {
        @Option(name: .customLong("trace-out"), help: "Write the delegate events, settings and a summary as JSON lines to this file.")
        var traceOut: String?

        @Flag(name: .customLong("trace-did-scroll"), help: "Also write didScroll events to the trace.")
        var traceDidScroll = false

        @Flag(name: .customLong("trace-pointer"), help: "Also write every pointer sample to the trace ({\"event\":\"pointer\",\"t_ms\":…,\"x\":…,\"y\":…,\"phase\":…,\"frame\":…}; frame: the first frame presented after it).")
        var tracePointer = false

        @Flag(name: .customLong("trace-frames"), help: "Also write every presented frame to the trace ({\"event\":\"frame\",\"frame\":…,\"t\":…,\"offset\":{…},\"workMs\":…,\"presentMs\":…,\"shownMs\":…,\"imageMs\":…,\"decodes\":…,\"cpuMs\":…,\"waitMs\":…}: the content offset drawn; the frame's work and present, the interval since the last frame shown, the render thread's image work in it with its decodes, the thread's own CPU time in the work (a work well over it waited for a core), and how long of the work it waited ready to run while other threads or processes had the cores, where the system keeps it).")
        var traceFrames = false
    }
}
