import ArgumentParser

extension WindowCommand {
    /// `--headless`, `--software`, `--renderer`: where the window draws (on screen or offscreen) and with
    /// which SDL renderer.
    struct Rendering: ParsableArguments {
        @Flag(help: "Render offscreen with the software renderer (no display needed): for screenshots and tests.")
        var headless = false

        @Flag(help: "Use SDL's software renderer even when an accelerated one exists.")
        var software = false

        @Option(name: .customLong("renderer"), help: "Use exactly this SDL render driver (software, opengl, opengles2…), without vsync; by default the accelerated one unless its OpenGL is a CPU rasterizer (llvmpipe), then software.")
        var renderer: String?
    }
}
