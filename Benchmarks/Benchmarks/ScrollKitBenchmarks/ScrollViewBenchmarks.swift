import Benchmark
import LabKit
import ScrollKit

/// Counts observer callbacks without storing them (an observer that does not itself allocate).
final class CallbackCounter: @unchecked Sendable {
    var count = 0
}

/// The grid scene's scroll view: frame (0, 30, 320, 450) in the phone, touch area the whole phone,
/// content of the default 500-item grid.
func gridScrollView(observed: Bool) -> (ScrollView, CallbackCounter) {
    let scrollView = ScrollView(frame: Rect(x: 0, y: 30, width: 320, height: 450),
                                contentSize: GridLayout().contentSize)
    scrollView.touchArea = Rect(x: 0, y: 0, width: 320, height: 480)
    let counter = CallbackCounter()
    if observed { scrollView.eventHandler = { _ in counter.count += 1 } }
    return (scrollView, counter)
}

/// One model step per operation: a pointer move and a frame during a drag, and a frame during a fling.
func scrollViewBenchmarks() {
    for observed in [false, true] {
        let suffix = observed ? ", with event observer" : ""

        // Drag: the pointer sweeps 8 pt per 1/120 s up and down over 400 pt, far from the content edges,
        // so every step moves the content (didScroll) and feeds the velocity tracker.
        Benchmark("ScrollView step during drag (touchMoved + advance)\(suffix)",
                  configuration: .init(scalingFactor: .kilo, thresholds: modelStepThresholds)) { benchmark in
            let (scrollView, counter) = gridScrollView(observed: observed)
            var time = 1.0
            scrollView.setContentOffset(Point(x: 0, y: 50_000), animated: false, time: time)
            scrollView.touchDown(at: Point(x: 160, y: 440), time: time)
            var y = 440.0, step = -8.0
            for _ in 0..<4 {  // past the touch slop: the drag has begun
                time += 1.0 / 120; y += step
                scrollView.touchMoved(to: Point(x: 160, y: y), time: time)
            }
            precondition(scrollView.isDragging)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                time += 1.0 / 120
                y += step
                if y <= 40 || y >= 440 { step = -step }
                scrollView.touchMoved(to: Point(x: 160, y: y), time: time)
                scrollView.advance(to: time)
            }
            benchmark.stopMeasurement()
            precondition(scrollView.isTracking && scrollView.isDragging, "the drag ended early")
            blackHole(scrollView.contentOffset)
            blackHole(counter.count)
        }

        // Deceleration: a fling at 5000 pt/s, then one 60 Hz frame per operation. The rate is 0.9999 per ms
        // (τ = 10 s) so the fling outlasts the 1000 measured frames; each frame evaluates the same decay
        // as with .normal.
        Benchmark("ScrollView step during deceleration (advance)\(suffix)",
                  configuration: .init(scalingFactor: .kilo, thresholds: modelStepThresholds)) { benchmark in
            let (scrollView, counter) = gridScrollView(observed: observed)
            scrollView.decelerationRate = DecelerationRate(rawValue: 0.9999)
            var time = 1.0
            scrollView.touchDown(at: Point(x: 160, y: 440), time: time)
            for i in 1...8 {
                time += 0.008
                scrollView.touchMoved(to: Point(x: 160, y: 440 - 40 * Double(i)), time: time)
            }
            scrollView.touchUp(at: Point(x: 160, y: 120), time: time)
            precondition(scrollView.isDecelerating, "the fling did not decelerate")
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                time += 1.0 / 60
                scrollView.advance(to: time)
            }
            benchmark.stopMeasurement()
            precondition(scrollView.isDecelerating, "the fling ended inside the measurement")
            blackHole(scrollView.contentOffset)
            blackHole(counter.count)
        }
    }

    // A whole gesture (down, 8 moves, up) through to the end of its .normal deceleration: includes the
    // release (velocity fit and target), the only place that allocates by design.
    Benchmark("ScrollView fling gesture to rest (release + ~270 frames)") { benchmark in
        let (scrollView, _) = gridScrollView(observed: false)
        var time = 1.0
        for _ in benchmark.scaledIterations {
            scrollView.setContentOffset(.zero, animated: false, time: time)
            scrollView.touchDown(at: Point(x: 160, y: 440), time: time)
            for i in 1...8 {
                time += 0.008
                scrollView.touchMoved(to: Point(x: 160, y: 440 - 40 * Double(i)), time: time)
            }
            scrollView.touchUp(at: Point(x: 160, y: 120), time: time)
            while scrollView.isDecelerating {
                time += 1.0 / 60
                scrollView.advance(to: time)
            }
        }
        blackHole(scrollView.contentOffset)
    }
}
