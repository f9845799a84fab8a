@testable import ScrollKit
import LabKit

/// The smallest LabScene: a scroll view and nothing else, for replay tests.
final class TestScene: LabScene {
    let name = "test"
    let scrollView: ScrollView
    var neverSettles = false
    var settingLines: [JSONValue] { [] }
    var summary: [(String, JSONValue)] { [] }

    init(scrollView: ScrollView) { self.scrollView = scrollView }

    func pointer(_ event: PointerEvent) {
        scrollView.handle(event)
    }

    func advance(to time: Double) { scrollView.advance(to: time) }

    var isSettled: Bool { !neverSettles && !scrollView.isMoving }
}
