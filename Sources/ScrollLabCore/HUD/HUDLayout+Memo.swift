import ScrollKit

/// The HUD columns whose text changes seldom, laid out once for what they show: the footer (its frame line
/// changes a few times a second) and the delegate events' list (it changes with a callback other than
/// `didScroll`). `HUDLayout` takes a column's boxes from here while its inputs are equal, and lays it out
/// (and keeps the result) when they are not: the same boxes, without formatting and measuring every string
/// again each frame (about a fifth of the layout's work with four phones).
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

    private var scale: Double?
    private var footer: (key: FooterKey, boxes: [HUDLayout.Box])?
    private var events: (key: EventsKey, boxes: [HUDLayout.Box])?

    /// Starts a layout whose fonts draw `scale` output pixels a point: boxes kept at another scale are
    /// dropped (their sizes were measured with other fonts).
    package func use(scale: Double) {
        guard scale != self.scale else { return }
        self.scale = scale
        footer = nil
        events = nil
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
}
