import Benchmark
import LabKit
import ScrollKit

/// Grid rebind: the reuse pool's update for every frame of a scroll through the whole 500-item grid
/// (offset grows 16 pt per frame, as a fast drag at 60 Hz), the operation measured being one frame.
func gridBenchmarks() {
    let layout = GridLayout()
    let maxOffset = layout.contentSize.height - 450
    let frames = Int(maxOffset / 16) + 1

    Benchmark("Grid rebind per frame (ReusePool.update, 16 pt/frame)",
              configuration: .init(scalingFactor: .kilo)) { benchmark in
        var pool = ReusePool(capacity: 6)
        var frame = 0
        for _ in benchmark.scaledIterations {
            let offsetY = Double(frame % frames) * 16
            let first = layout.firstVisibleRow(offsetY: offsetY) * layout.columns
            blackHole(pool.update(firstItem: first, itemCount: layout.itemCount))
            frame += 1
        }
        blackHole(pool.rebindCount)
    }

    Benchmark("Grid rebind of one row (ReusePool.update, window moves 2 items)",
              configuration: .init(scalingFactor: .kilo)) { benchmark in
        var pool = ReusePool(capacity: 6)
        let lastFirst = layout.itemCount - pool.capacity
        var first = 0
        for _ in benchmark.scaledIterations {
            first = first >= lastFirst ? 0 : first + layout.columns
            blackHole(pool.update(firstItem: first, itemCount: layout.itemCount))
        }
        blackHole(pool.rebindCount)
    }

    Benchmark("Grid visible items per frame (GridLayout.items(in:))",
              configuration: .init(scalingFactor: .kilo)) { benchmark in
        var frame = 0
        for _ in benchmark.scaledIterations {
            let offsetY = Double(frame % frames) * 16
            blackHole(layout.items(in: Rect(x: 0, y: offsetY, width: 320, height: 450)))
            frame += 1
        }
    }
}
