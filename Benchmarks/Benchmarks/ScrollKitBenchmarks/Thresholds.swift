import Benchmark

/// What `make bench` checks (`swift package benchmark thresholds check`) against the p90 figures kept in
/// Benchmarks/Thresholds, which, like the tolerances here, are per sample of 1000 operations: no heap
/// allocation at all (tolerance 0), and a p90 wall time at most `wallClockHeadroom` ns per operation
/// above the recorded one (a faster run always passes: the headroom exceeds the figure). Wall time only:
/// this VM reports no instruction counts and CPU time in 10 ms ticks, so the headroom is wide enough for
/// a loaded 2-core machine; the malloc count is the exact check.
func checkedThresholds(wallClockHeadroom: Int) -> [BenchmarkMetric: BenchmarkThresholds] {
    [
        .mallocCountTotal: .init(absolute: [.p90: 0]),
        .wallClock: .init(absolute: [.p90: wallClockHeadroom * 1000]),
    ]
}

/// The grid scene's whole frame: 15 µs above its recorded p90 (0.41–0.74 µs at load 0.1; a loaded hour's
/// preempted samples reach 5 µs).
var gridFrameThresholds: [BenchmarkMetric: BenchmarkThresholds] { checkedThresholds(wallClockHeadroom: 15_000) }
/// A model step (the scroll view's, the network model's): 800 ns above its recorded p90, about the 1 µs goal.
var modelStepThresholds: [BenchmarkMetric: BenchmarkThresholds] { checkedThresholds(wallClockHeadroom: 800) }
