/// The Hungarian method (Kuhn–Munkres with potentials, O(n³)): the least total cost of assigning each
/// row of a square cost matrix to a distinct column.
enum Hungarian {
    /// The least total cost over all assignments of rows to distinct columns; 0 for an empty matrix.
    /// Every row must have as many entries as there are rows, and every entry be finite.
    static func minimumCost(_ cost: [[Double]]) -> Double {
        minimumCost(rowMajor: cost.flatMap { $0 }, size: cost.count)
    }

    /// The same for the `size` × `size` matrix stored row after row in `cost` (the oracle's, built that
    /// way: one buffer, no inner array reached for each entry).
    static func minimumCost(rowMajor cost: [Double], size n: Int) -> Double {
        guard n > 0 else { return 0 }
        precondition(cost.count == n * n, "a square matrix")
        // The working arrays in one block, reached without bounds checks (this loop is most of an oracle).
        let doubles = UnsafeMutableBufferPointer<Double>.allocate(capacity: 3 * (n + 1))
        let ints = UnsafeMutableBufferPointer<Int>.allocate(capacity: 2 * (n + 1))
        let used = UnsafeMutableBufferPointer<Bool>.allocate(capacity: n + 1)
        defer {
            doubles.deallocate()
            ints.deallocate()
            used.deallocate()
        }
        // 1-based potentials u (rows), v (columns); match[j] = row assigned to column j (0: none).
        let u = UnsafeMutableBufferPointer(rebasing: doubles[0...n])
        let v = UnsafeMutableBufferPointer(rebasing: doubles[(n + 1)...(2 * n + 1)])
        let minSlack = UnsafeMutableBufferPointer(rebasing: doubles[(2 * n + 2)...])
        let match = UnsafeMutableBufferPointer(rebasing: ints[0...n])
        let way = UnsafeMutableBufferPointer(rebasing: ints[(n + 1)...])
        doubles.initialize(repeating: 0)
        ints.initialize(repeating: 0)
        used.initialize(repeating: false)
        return cost.withUnsafeBufferPointer { cost in
            for row in 1...n {
                match[0] = row
                var j0 = 0
                for j in 0...n { minSlack[j] = .infinity; used[j] = false }
                repeat {
                    used[j0] = true
                    let i0 = match[j0]
                    let costRow = (i0 - 1) * n - 1   // column j's entry of row i0 is at costRow + j
                    var delta = Double.infinity, j1 = 0
                    for j in 1...n where !used[j] {
                        let reduced = cost[costRow + j] - u[i0] - v[j]
                        if reduced < minSlack[j] { minSlack[j] = reduced; way[j] = j0 }
                        if minSlack[j] < delta { delta = minSlack[j]; j1 = j }
                    }
                    for j in 0...n {
                        if used[j] { u[match[j]] += delta; v[j] -= delta } else { minSlack[j] -= delta }
                    }
                    j0 = j1
                } while match[j0] != 0
                repeat {
                    let j1 = way[j0]
                    match[j0] = match[j1]
                    j0 = j1
                } while j0 != 0
            }
            var total = 0.0
            for j in 1...n { total += cost[(match[j] - 1) * n + j - 1] }
            return total
        }
    }
}
