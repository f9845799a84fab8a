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
        // 1-based potentials u (rows), v (columns); match[j] = row assigned to column j (0: none).
        var u = Array(repeating: 0.0, count: n + 1), v = Array(repeating: 0.0, count: n + 1)
        var match = Array(repeating: 0, count: n + 1), way = Array(repeating: 0, count: n + 1)
        var minSlack = Array(repeating: Double.infinity, count: n + 1)
        var used = Array(repeating: false, count: n + 1)
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
