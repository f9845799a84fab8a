import Benchmark
import LabKit
import ScrollKit

/// The network model's per-frame step in its steady state: four transfers sharing the 3G downlink, a
/// new request begun as each one completes, the model advanced one 60 Hz frame at a time. Goal: no heap
/// allocation per frame once the queues have their capacity.
func networkBenchmarks() {
    Benchmark("Network model frame (3G, 4 transfers sharing the link)",
              configuration: .init(scalingFactor: .kilo, thresholds: modelStepThresholds)) { benchmark in
        var source = NetworkImageSource(profile: .threeG, diskByteLimit: nil)
        var id = 0
        var time = 0.0
        func begin(_ source: inout NetworkImageSource) {
            id += 1
            source.begin(LoadTicket(id: id, key: ImageKey(asset: id % 72)), time: time)
        }
        for _ in 0..<4 { begin(&source) }
        for _ in 0..<600 {     // ten seconds: connections open, arrays at their working size
            time += 1.0 / 60
            while source.nextCompletion(upTo: time) != nil { begin(&source) }
        }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            time += 1.0 / 60
            while let done = source.nextCompletion(upTo: time) {
                blackHole(done)
                begin(&source)
            }
        }
        benchmark.stopMeasurement()
        precondition(source.inFlight == 4)
    }

    Benchmark("GridScene frame during deceleration under 3G (adaptive)",
              configuration: .init(scalingFactor: .kilo, thresholds: gridFrameThresholds)) { benchmark in
        var configuration = GridSceneConfiguration()
        configuration.network = .threeG
        let scene = GridScene(configuration: configuration)
        var time = 1.0
        scene.advance(to: time)
        for _ in 0..<120 { time += 1.0 / 60; scene.advance(to: time) }
        scene.scrollView.decelerationRate = DecelerationRate(rawValue: 0.9999)
        fling(scene, time: &time)            // warm-up: the same fling, 1000 frames
        for _ in 0..<1000 { time += 1.0 / 60; scene.advance(to: time) }
        fling(scene, time: &time)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            time += 1.0 / 60
            scene.advance(to: time)
        }
        benchmark.stopMeasurement()
        blackHole(scene.metrics.networkBytes)
    }
}
