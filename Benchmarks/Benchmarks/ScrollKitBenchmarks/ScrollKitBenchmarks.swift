import Benchmark
import LabKit
import ScrollKit

/// Metrics every ScrollKit benchmark reports: time and heap allocations.
let coreMetrics: [BenchmarkMetric] = [.wallClock, .mallocCountTotal]

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: coreMetrics,
        timeUnits: .nanoseconds,
        warmupIterations: 10,
        maxDuration: .seconds(2),
        maxIterations: 10_000
    )
    velocityBenchmarks()
    gridBenchmarks()
    scrollViewBenchmarks()
    loadingBenchmarks()
    networkBenchmarks()
}
