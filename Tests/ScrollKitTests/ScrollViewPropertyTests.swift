import Testing
@testable import ScrollKit

/// Thousands of random pointer sequences with absurd times: offsets stay finite and near the content,
/// and the callbacks always follow the UIKit grammar, with flags that agree with it.
@Suite struct ScrollViewPropertyTests {
    static func makeScenario(_ random: inout SeededRandom) -> (ScrollView, [AnyObject]) {
        let frames = [Rect(x: 0, y: 30, width: 320, height: 450), Rect(x: 50, y: 0, width: 220, height: 480),
                      Rect(x: 0, y: 0, width: 320, height: 480)]
        let frame = frames[Int.random(in: 0..<frames.count, using: &random)]
        let contents = [Size(width: frame.width, height: 115_000), Size(width: 2200, height: frame.height),
                        Size(width: 900, height: 1300), Size(width: 100, height: 100)]
        let view = ScrollView(frame: frame, contentSize: contents[Int.random(in: 0..<contents.count, using: &random)])
        view.touchArea = Rect(x: 0, y: 0, width: 320, height: 480)
        view.isPagingEnabled = Int.random(in: 0..<4, using: &random) == 0
        view.decelerationRate = Bool.random(using: &random) ? .normal : .fast
        view.velocityEstimator = Bool.random(using: &random) ? .leastSquares : .ios
        var behaviors: [AnyObject] = []
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            let snap = SnapPagingBehavior(pageSize: 220)
            view.delegate = snap
            behaviors.append(snap)
        case 1:
            let target = TargetPagingBehavior(pageSize: 220)
            view.delegate = target
            behaviors.append(target)
        case 2:
            let wild = RewritingDelegate { _, proposed in
                Point(x: proposed.x * 0.5 - 100, y: proposed.y * 1.7 + 3)
            }
            view.delegate = wild
            behaviors.append(wild)
        default:
            break
        }
        return (view, behaviors)
    }

    static func nextTime(_ time: Double, _ random: inout SeededRandom) -> Double {
        switch Int.random(in: 0..<20, using: &random) {
        case 0: return time  // repeated
        case 1: return time - Double.random(in: 0...0.5, using: &random)  // backwards
        case 2: return time + Double.random(in: 1...1e5, using: &random)  // huge jump
        case 3: return time + Double.random(in: 0...0.001, using: &random)
        default: return time + Double.random(in: 0.002...0.03, using: &random)
        }
    }

    @Test func randomSequencesKeepOffsetsSaneAndCallbacksGrammatical() {
        var random = SeededRandom(seed: 20_240_917)
        var checkedSteps = 0
        var tally: [String: Int] = [:]
        var caughtDecelerations = 0
        for sequence in 0..<2000 {
            let (view, behaviors) = Self.makeScenario(&random)
            var grammar = CallbackGrammar()
            view.eventHandler = { record in
                if record.event == .willBeginDragging, grammar.state == .decelerating { caughtDecelerations += 1 }
                grammar.accept(record)
                tally[record.event.name, default: 0] += 1
            }
            var time = Double.random(in: 0...10, using: &random)
            var pointer = Point(x: 160, y: 240)
            var frameTime = time
            let steps = Int.random(in: 5..<120, using: &random)
            for _ in 0..<steps {
                time = Self.nextTime(time, &random)
                switch Int.random(in: 0..<16, using: &random) {
                case 0, 1:
                    pointer = Point(x: Double.random(in: -20...340, using: &random),
                                    y: Double.random(in: -20...500, using: &random))
                    view.touchDown(at: pointer, time: time)
                case 2...7:
                    let step = Double.random(in: -120...120, using: &random)
                    let reverse = Int.random(in: 0..<5, using: &random) == 0
                    pointer = pointer + Point(x: reverse ? -step : step * 0.3, y: reverse ? step : -step)
                    view.touchMoved(to: pointer, time: time)
                case 8:
                    view.touchMoved(to: Point(x: 1e12, y: -1e12), time: time)
                case 9, 10:
                    view.touchUp(at: pointer, time: time)
                case 11:
                    view.touchCancelled(time: time)
                case 12:
                    view.setContentOffset(Point(x: Double.random(in: -500...3000, using: &random),
                                                y: Double.random(in: -500...3000, using: &random)),
                                          animated: Bool.random(using: &random), time: time)
                case 13:
                    view.scroll(by: Point(x: 0, y: Double.random(in: -400...400, using: &random)), time: time)
                default:
                    for _ in 0..<Int.random(in: 1...30, using: &random) {
                        frameTime = max(frameTime + 1.0 / 60, time)
                        view.advance(to: frameTime)
                    }
                }
                checkedSteps += 1
                let failure = Self.check(view, grammar)
                if let failure {
                    Issue.record("sequence \(sequence): \(failure)")
                    return
                }
            }
            // Let go and let it settle: the grammar must come back to rest.
            view.touchUp(at: pointer, time: time)
            var t = max(view.currentTime, frameTime)
            var frames = 0
            while view.isMoving, frames < 60 * 60 {
                t += 1.0 / 60
                view.advance(to: t)
                frames += 1
            }
            if let failure = Self.check(view, grammar) {
                Issue.record("sequence \(sequence) at rest: \(failure)")
                return
            }
            #expect(!view.isMoving, "sequence \(sequence) did not settle")
            #expect(grammar.state == .idle, "sequence \(sequence) ended in \(grammar.state)")
            withExtendedLifetime(behaviors) {}
        }
        #expect(checkedSteps > 100_000)
        // The random walk reaches every callback and the rapid-fling path many times.
        for name in ["didScroll", "willBeginDragging", "willEndDragging", "didEndDragging", "willBeginDecelerating",
                     "didEndDecelerating", "didEndScrollingAnimation"] {
            #expect(tally[name, default: 0] > 200, "\(name): \(tally[name, default: 0])")
        }
        #expect(caughtDecelerations > 200)
    }

    static func check(_ view: ScrollView, _ grammar: CallbackGrammar) -> String? {
        let offset = view.contentOffset
        guard offset.isFinite, view.velocity.isFinite else { return "non-finite offset \(offset) or velocity" }
        let upper = view.maximumContentOffset
        for axis in Axis.allCases {
            let d = view.frame.size[axis]
            if offset[axis] < -d || offset[axis] > upper[axis] + d { return "offset \(offset) beyond the viewport" }
        }
        if let violation = grammar.violations.first { return violation }
        if !grammar.isBetweenSequences { return "stopped in the middle of a sequence: \(grammar.state)" }
        if view.isDragging != grammar.expectsDragging { return "isDragging \(view.isDragging) in \(grammar.state)" }
        if view.isDecelerating != grammar.expectsDecelerating {
            return "isDecelerating \(view.isDecelerating) in \(grammar.state)"
        }
        return nil
    }
}
