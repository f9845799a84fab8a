import ScrollLabCLI

// `scrolllab-headless`: every command that draws nothing (`replay --headless`, `bench`, `sweep`, `gestures`,
// `velocity`, `physics-compare`, `soak`, `serve`), in a binary that links no SDL: for a cluster node
// with no display libraries. A command that would draw says so and exits 64.
ScrollLabCommand.main(window: nil)
