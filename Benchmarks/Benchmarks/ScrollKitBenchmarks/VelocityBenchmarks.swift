import Benchmark
import LabKit
import ScrollKit

/// A tracker filled with 20 move samples of a steady 1 pt/ms upward drag at 120 Hz.
func filledTracker(kind: VelocityEstimatorKind) -> VelocityTracker {
    var tracker = VelocityTracker(kind: kind)
    for i in 0..<VelocityTracker.historySize {
        let t = Double(i) / 120
        tracker.addSample(time: t, position: Point(x: 160, y: 400 - 1000 * t))
    }
    return tracker
}

/// Velocity estimate over a full ring (20 samples), both estimators, and adding one sample.
func velocityBenchmarks() {
    for kind in VelocityEstimatorKind.allCases {
        Benchmark("Velocity estimate (20 samples, \(kind.rawValue))",
                  configuration: .init(scalingFactor: .kilo)) { benchmark in
            let tracker = filledTracker(kind: kind)
            let release = Double(VelocityTracker.historySize - 1) / 120
            for _ in benchmark.scaledIterations {
                blackHole(tracker.velocity(releasedAt: release))
            }
        }
    }

    Benchmark("Velocity addSample", configuration: .init(scalingFactor: .kilo)) { benchmark in
        var tracker = filledTracker(kind: .leastSquares)
        var t = 1.0
        for _ in benchmark.scaledIterations {
            t += 1.0 / 120
            tracker.addSample(time: t, position: Point(x: 160, y: -t))
        }
        blackHole(tracker)
    }
}
