import ScrollKit

/// A band whose pixels the last frame left at another height in its column: its rows are copied from `from`
/// to `to` (the same width, the same height, whole pixels) instead of being cleared and drawn again.
package struct HUDBandMove: Equatable {
    package var from: Rect
    package var to: Rect
}

extension HUDBand {
    /// This band `dy` points lower: its rect, its lines and its swatches.
    package func moved(by dy: Double) -> HUDBand {
        var band = self
        band.rect.origin.y += dy
        for index in band.boxes.indices { band.boxes[index].frame.origin.y += dy }
        for index in band.swatches.indices { band.swatches[index].frame.origin.y += dy }
        return band
    }

    /// Of `changed` (this frame's bands the last frame did not leave where they are now), those whose pixels a
    /// band of `kept` (what the last frame left) holds at another height: the events list, newest first, moves
    /// down by a callback's two lines when one comes, its lines otherwise the same. A band is moved only when
    /// it has text (one of swatches alone, or an empty one, is drawn or cleared as cheaply), and only from a kept band of its width
    /// and height in its column moved by whole points, so each pixel lands where drawing the band would put it.
    ///
    /// Returns the moves in the order they may be copied (no copy reads rows an earlier one wrote: a move whose
    /// rows another move still to come reads is left out and drawn), and the bands still to draw.
    package static func moves(for changed: [HUDBand], from kept: [HUDBand]) -> (moves: [HUDBandMove], drawn: [HUDBand]) {
        var found: [(move: HUDBandMove, band: HUDBand)] = []
        var drawn: [HUDBand] = []
        for band in changed {
            guard !band.boxes.isEmpty, let source = kept.first(where: { Self.holds($0, band) }) else {
                drawn.append(band)
                continue
            }
            found.append((HUDBandMove(from: source.rect, to: band.rect), band))
        }
        // Down the column, the lowest first; up, the highest first. A move whose rows a later one reads waits
        // for nothing: it is drawn instead.
        found.sort { a, b in
            let downA = a.move.to.minY > a.move.from.minY, downB = b.move.to.minY > b.move.from.minY
            if downA != downB { return downA }
            return downA ? a.move.from.minY > b.move.from.minY : a.move.from.minY < b.move.from.minY
        }
        var moves: [HUDBandMove] = []
        for (index, entry) in found.enumerated() {
            let later = found[(index + 1)...]
            if later.contains(where: { Self.overlaps($0.move.from, entry.move.to) }) {
                drawn.append(entry.band)
            } else {
                moves.append(entry.move)
            }
        }
        return (moves, drawn)
    }

    /// True when `kept`, moved by whole points in its column, is `band`.
    private static func holds(_ kept: HUDBand, _ band: HUDBand) -> Bool {
        let dy = band.rect.minY - kept.rect.minY
        guard dy != 0, dy == dy.rounded(), kept.rect.minX == band.rect.minX, kept.rect.size == band.rect.size,
              kept.boxes.count == band.boxes.count, kept.swatches.count == band.swatches.count else { return false }
        return kept.moved(by: dy) == band
    }

    /// True when `a` and `b` share rows and columns of pixels.
    private static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }
}
