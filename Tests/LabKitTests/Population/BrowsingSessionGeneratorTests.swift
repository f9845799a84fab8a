import Testing
import ScrollKit
@testable import LabKit

@Suite struct BrowsingSessionGeneratorTests {
    @Test func theSameSeedGivesTheSameSessionsWhateverTheCount() {
        let a = BrowsingSessionGenerator(kind: .browse, seed: 42)
        #expect(GestureFile.serialize(a.session(7)) == GestureFile.serialize(BrowsingSessionGenerator(kind: .browse, seed: 42).session(7)))
        #expect(GestureFile.serialize(a.session(7)) != GestureFile.serialize(a.session(8)))
        #expect(GestureFile.serialize(a.session(7)) != GestureFile.serialize(BrowsingSessionGenerator(kind: .browse, seed: 43).session(7)))
    }

    @Test func everySessionIsAValidGestureFileOnThePhone() throws {
        for kind in BrowsingSessionGenerator.Kind.allCases {
            let g = BrowsingSessionGenerator(kind: kind, seed: 1)
            for i in 0..<20 {
                let events = g.session(i)
                let parsed = try GestureFile.parse(GestureFile.serialize(events))
                #expect(parsed.count == events.count)
                #expect(parsed.first?.phase == .down && parsed.last?.phase == .up)
                #expect(zip(parsed, parsed.dropFirst()).allSatisfy { $0.time < $1.time })
                #expect(parsed.allSatisfy { BrowsingSessionGenerator.phone.contains($0.position) })
            }
        }
    }

    /// The release speed of every fling, measured as the scroll view measures it (its velocity tracker at
    /// the lift), over many sessions: the median is the stated one (within the estimator's bias and the
    /// clamping of the fastest), so the population is what docs/gestures.md says.
    @Test func flingReleaseSpeedsFollowTheStatedDistribution() {
        for kind in [BrowsingSessionGenerator.Kind.browse, .flings] {
            let p = BrowsingSessionGenerator.parameters(kind)
            var speeds: [Double] = []
            let g = BrowsingSessionGenerator(kind: kind, seed: 9)
            for i in 0..<150 {
                for gesture in GestureFile.gestures(g.session(i)) where gesture.count > 3 {
                    let duration = gesture.last!.time - gesture.first!.time
                    guard duration < 0.2 else { continue }      // flings (reading drags last longer)
                    let view = ScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 480), contentSize: Size(width: 320, height: 1e7))
                    view.setContentOffset(Point(x: 0, y: 5e6), animated: false, time: gesture[0].time)
                    for e in gesture { view.handle(e) }
                    speeds.append(view.lastReleaseSpeed)
                }
            }
            speeds.sort()
            let median = speeds[speeds.count / 2]
            #expect(speeds.count > 300)
            #expect(abs(median / p.flingMedian - 1) < 0.15, "\(kind): median release \(median) pt/s, stated \(p.flingMedian)")
        }
    }

    @Test func kindsDifferAsStated() {
        func meanDuration(_ kind: BrowsingSessionGenerator.Kind) -> Double {
            let g = BrowsingSessionGenerator(kind: kind, seed: 3)
            let ends = (0..<40).map { g.session($0).last!.time }
            return ends.reduce(0, +) / Double(ends.count)
        }
        // Reading sessions dwell longest per gesture, fling sessions shortest.
        func perGesture(_ kind: BrowsingSessionGenerator.Kind) -> Double {
            let g = BrowsingSessionGenerator(kind: kind, seed: 3)
            let sessions = (0..<40).map { g.session($0) }
            let gestures = sessions.map { GestureFile.gestures($0).count }.reduce(0, +)
            return sessions.map { $0.last!.time }.reduce(0, +) / Double(gestures)
        }
        #expect(perGesture(.read) > perGesture(.browse))
        #expect(perGesture(.browse) > perGesture(.flings))
        #expect(meanDuration(.read) > 10)
    }
}
