import ScrollKit

extension BrowsingSessionGenerator {
    /// Share of the flings that browse a carousel row sideways in a `carousels` feed (a modelling
    /// choice, docs/feeds.md: a page of rows is looked through as much along its rows as down the list).
    public static let sidewaysShare = 0.5
    /// The farthest a sideways flick's finger travels, points: it stays on the 320 pt wide phone.
    public static let sidewaysTravel = 280.0

    /// Session `index` for a feed laid out as `layout`. In `carousels`, each fling (a stroke moving at
    /// least 30 pt within 200 ms) becomes with probability `sidewaysShare` a sideways flick in the row
    /// under it: turned a quarter (a flick up the screen becomes one to the left, bringing the row's
    /// later items in), started near the far edge, and lifted at `sidewaysTravel` if it would leave the
    /// phone — while still moving at its release speed. Every other layout: `session(index)`.
    public func session(_ index: Int, layout: FeedLayoutKind) -> [PointerEvent] {
        let events = session(index)
        guard layout == .carousels else { return events }
        var out: [PointerEvent] = []
        out.reserveCapacity(events.count)
        var stroke: [PointerEvent] = []
        var number = 0
        for event in events {
            stroke.append(event)
            guard event.phase == .up else { continue }
            out += turned(stroke, draw: SeededDraw.unit(seed: seed, serial: index, stream: 7, index: number))
            stroke.removeAll(keepingCapacity: true)
            number += 1
        }
        return out + stroke
    }

    /// `stroke` turned sideways when it is a fling and `draw` falls in the share; else as it was.
    func turned(_ stroke: [PointerEvent], draw: Double) -> [PointerEvent] {
        guard let down = stroke.first, let up = stroke.last, up.phase == .up, draw < Self.sidewaysShare,
              up.time - down.time <= 0.2, abs(up.position.y - down.position.y) >= 30 else { return stroke }
        let leftward = up.position.y < down.position.y
        // Start near the edge the finger leaves from, so it has the phone's width to travel.
        let startX = leftward ? 300.0 : 20.0
        var out: [PointerEvent] = []
        for event in stroke {
            let d = event.position - down.position
            var moved = event
            moved.position = Point(x: startX + d.y, y: down.position.y - d.x)
            if abs(d.y) > Self.sidewaysTravel {
                // Past the phone's width: the finger lifts at the travel's end, still moving.
                moved.position.x = startX + (d.y < 0 ? -Self.sidewaysTravel : Self.sidewaysTravel)
                moved.phase = .up
                out.append(moved)
                return out
            }
            out.append(moved)
        }
        return out
    }
}
