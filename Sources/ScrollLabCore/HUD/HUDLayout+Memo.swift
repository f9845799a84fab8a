import ScrollKit

/// The HUD's text that changes seldom, laid out once for what it shows: the footer (its frame line changes a
/// few times a second), the delegate events' list (it changes with a callback other than `didScroll`) and
/// each line of the policy table (one row's figures change at a time). `HUDLayout` takes their boxes from
/// here while their inputs are equal, and lays them out (and keeps the result) when they are not: the same
/// boxes, without formatting and measuring every string again each frame (about a third of the layout's
/// work with four phones).
package final class HUDLayoutMemo {
    /// An empty memo: the first layout fills it.
    package init() {}

    /// What the footer is laid out from.
    package struct FooterKey: Equatable {
        package var status: HUDStatus
        package var scene: String
        package var frame: Rect
    }

    /// What the events' list (below its two header lines) is laid out from.
    package struct EventsKey: Equatable {
        package var entries: [ScrollEventRecord]
        package var frame: Rect
    }

    /// What a line of the policy table is laid out from: the heading (`policy` nil) or a policy's row, with
    /// the figures it shows (doubles by their bits: `-0` and `0` are written differently), its look and its place.
    package struct TableLineKey: Equatable {
        package var policy: String?
        package var issued = 0
        package var wasted = 0
        package var blankBits: UInt64 = 0
        package var lastBits: UInt64 = 0
        package var current = false
        package var tried = false
        package var live = false
        package var traffic: Bool
        package var face: TextStyle
        package var y: Double
        package var frame: Rect
    }

    private var scale: Double?
    private var footer: (key: FooterKey, boxes: [HUDLayout.Box])?
    private var events: (key: EventsKey, boxes: [HUDLayout.Box])?
    /// The policy table's lines by their place in it (0: the heading).
    private var tableLines: [(key: TableLineKey, boxes: [HUDLayout.Box])?] = []

    /// Starts a layout whose fonts draw `scale` output pixels a point: boxes kept at another scale are
    /// dropped (their sizes were measured with other fonts).
    package func use(scale: Double) {
        guard scale != self.scale else { return }
        self.scale = scale
        footer = nil
        events = nil
        tableLines = []
    }

    /// The footer's boxes for `key`, when kept.
    package func footer(for key: FooterKey) -> [HUDLayout.Box]? {
        footer.flatMap { $0.key == key ? $0.boxes : nil }
    }

    package func keepFooter(_ boxes: [HUDLayout.Box], for key: FooterKey) {
        footer = (key, boxes)
    }

    /// The events' list boxes for `key`, when kept.
    package func events(for key: EventsKey) -> [HUDLayout.Box]? {
        events.flatMap { $0.key == key ? $0.boxes : nil }
    }

    package func keepEvents(_ boxes: [HUDLayout.Box], for key: EventsKey) {
        events = (key, boxes)
    }

    /// The boxes of the policy table's line `index` for `key`, when kept.
    package func tableLine(_ index: Int, for key: TableLineKey) -> [HUDLayout.Box]? {
        guard tableLines.indices.contains(index), let kept = tableLines[index], kept.key == key else { return nil }
        return kept.boxes
    }

    package func keepTableLine(_ index: Int, _ boxes: [HUDLayout.Box], for key: TableLineKey) {
        guard index >= 0 else { return }
        if index >= tableLines.count { tableLines.append(contentsOf: repeatElement(nil, count: index + 1 - tableLines.count)) }
        tableLines[index] = (key, boxes)
    }
}
