import Benchmark
import LabKit
import ScrollKit

/// A grid scene with `policy`, started and shown its first screen (loads settled).
func startedGridScene(policy: LoadingPolicyKind) -> (GridScene, Double) {
    var configuration = GridSceneConfiguration()
    configuration.policy = policy
    let scene = GridScene(configuration: configuration)
    var time = 1.0
    scene.advance(to: time)
    for _ in 0..<60 { time += 1.0 / 60; scene.advance(to: time) }
    return (scene, time)
}

/// Flings `scene` from offset 0 with a release at about 5000 pt/s (8 moves of 40 pt, 8 ms apart).
func fling(_ scene: GridScene, time: inout Double) {
    scene.scrollView.setContentOffset(.zero, animated: false, time: time)
    scene.pointer(PointerEvent(time: time, position: Point(x: 160, y: 440), phase: .down))
    for i in 1...8 {
        time += 0.008
        scene.pointer(PointerEvent(time: time, position: Point(x: 160, y: 440 - 40 * Double(i)), phase: .move))
    }
    scene.pointer(PointerEvent(time: time, position: Point(x: 160, y: 120), phase: .up))
}

/// The grid scene's frame (scroll view step, binding, completions, the policy's frame decision, metrics)
/// per policy, during a drag and during a deceleration; the policy's decision alone on a fixed
/// mid-fling context; and the LRU cache's operations.
///
/// The frames are measured in the steady state: the same gesture has run once before (a drag's sweeps,
/// or the identical fling through the same items, twice), so the scene's tables (metrics sets, cache slots,
/// queues, reused buffers) have their working size and a frame allocates nothing.
func loadingBenchmarks() {
    for policy in LoadingPolicyKind.allCases {
        Benchmark("GridScene frame during drag (\(policy.rawValue))",
                  configuration: .init(scalingFactor: .kilo, thresholds: gridFrameThresholds)) { benchmark in
            var (scene, time) = startedGridScene(policy: policy)
            scene.scrollView.setContentOffset(Point(x: 0, y: 50_000), animated: false, time: time)
            var y = 440.0, step = -8.0
            scene.pointer(PointerEvent(time: time, position: Point(x: 160, y: y), phase: .down))
            func frame() {
                time += 1.0 / 120
                y += step
                if y <= 40 || y >= 440 { step = -step }
                scene.pointer(PointerEvent(time: time, position: Point(x: 160, y: y), phase: .move))
                scene.advance(to: time)
            }
            for _ in 0..<1000 { frame() }    // warm-up: the same sweeps
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { frame() }
            benchmark.stopMeasurement()
            precondition(scene.scrollView.isTracking)
            blackHole(scene.tiles.count)
        }

        // Rate 0.9999 per ms (τ = 10 s) so the fling outlasts the 1000 measured frames.
        Benchmark("GridScene frame during deceleration (\(policy.rawValue))",
                  configuration: .init(scalingFactor: .kilo, thresholds: gridFrameThresholds)) { benchmark in
            var (scene, time) = startedGridScene(policy: policy)
            scene.scrollView.decelerationRate = DecelerationRate(rawValue: 0.9999)
            // Warm-up: the same fling twice, 1000 frames each. The first meets cold caches; the second
            // runs from the caches a fling leaves, as the measured one does (the main thread's tally of
            // distinct overruns reaches its working size only there).
            for _ in 0..<2 {
                fling(scene, time: &time)
                for _ in 0..<1000 { time += 1.0 / 60; scene.advance(to: time) }
            }
            fling(scene, time: &time)
            precondition(scene.scrollView.isDecelerating)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                time += 1.0 / 60
                scene.advance(to: time)
            }
            benchmark.stopMeasurement()
            precondition(scene.scrollView.isDecelerating)
            blackHole(scene.tiles.count)
        }

        Benchmark("Policy decision per frame (\(policy.rawValue), mid-fling context)",
                  configuration: .init(scalingFactor: .kilo)) { benchmark in
            var p = policy.makePolicy()
            var cache = MemoryCache<ImageKey>(byteLimit: 1 << 20)
            _ = cache.insert(ImageKey(asset: 3), cost: 1)
            let context = LoadingContext(time: 2, bounds: Rect(x: 0, y: 20_000, width: 320, height: 450),
                                         velocity: Point(x: 0, y: 3000), isDragging: true, isDecelerating: true,
                                         targetContentOffset: Point(x: 0, y: 22_000),
                                         boundItems: [174, 175, 176, 177, 178, 179], cache: cache)
            _ = p.decide(.willEndDragging(velocity: Point(x: 0, y: 3), target: Point(x: 0, y: 22_000)), in: context)
            _ = p.decide(.willBeginDecelerating, in: context)
            var frameContext = context
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                frameContext.time += 1.0 / 60
                blackHole(p.decide(.frame, in: frameContext))
            }
        }
    }

    // 12 images fit; the keys cycle over 24, so every insert evicts one (the grid's steady state).
    Benchmark("MemoryCache insert with eviction (LRU put)", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let bytes = 300 * 440 * 4
        var cache = MemoryCache<ImageKey>(byteLimit: 12 * bytes)
        for k in 0..<24 { cache.insert(ImageKey(asset: k), cost: bytes) }
        var k = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            k = (k + 1) % 24
            blackHole(cache.insert(ImageKey(asset: k), cost: bytes))
        }
    }

    Benchmark("MemoryCache get hit (LRU get)", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let bytes = 300 * 440 * 4
        var cache = MemoryCache<ImageKey>(byteLimit: 12 * bytes)
        for k in 0..<12 { cache.insert(ImageKey(asset: k), cost: bytes) }
        var k = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            k = (k + 5) % 12
            blackHole(cache.get(ImageKey(asset: k)))
        }
    }
}
