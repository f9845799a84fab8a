import LabKit
import ScrollKit

/// The smallest lab scene: a bare scroll view, so `HeadlessReplay` itself is fuzzed with any pointer input.
final class FuzzScene: LabScene {
    let name = "fuzz"
    let scrollView: ScrollView

    init(scrollView: ScrollView) { self.scrollView = scrollView }

    func pointer(_ event: PointerEvent) {
        scrollView.handle(event)
    }

    func advance(to time: Double) {
        scrollView.advance(to: time)
        FuzzModel.check(scrollView)
    }

    var isSettled: Bool { !scrollView.isMoving && !scrollView.isTracking }
    var settingLines: [JSONValue] { [] }
    var summary: [(String, JSONValue)] { [] }
}
