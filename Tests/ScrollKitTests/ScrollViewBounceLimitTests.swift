import Testing
@testable import ScrollKit

/// A fling reaching an edge very fast, or a flick that catches a fling and adds to it, overshoots no
/// further than the rubber band reaches (found by the fuzzer: two flicks 13 ms apart at the left edge
/// overshot 410 pt of a 320 pt frame).
@Suite struct ScrollViewBounceLimitTests {
    @Test func twoFastFlicksAtTheEdgeStayWithinTheBand() {
        let v = ScrollView(frame: Rect(x: 0, y: 30, width: 320, height: 450), contentSize: Size(width: 3200, height: 114_990))
        v.velocityEstimator = .ios
        v.touchArea = Rect(x: 0, y: 0, width: 320, height: 480)
        let events: [PointerEvent] = [
            PointerEvent(time: 0.0, position: Point(x: 160.0, y: 308.0), phase: .down),
            PointerEvent(time: 0.0, position: Point(x: 144.0, y: 316.0), phase: .move),
            PointerEvent(time: 0.0, position: Point(x: 128.0, y: 324.0), phase: .move),
            PointerEvent(time: 0.0, position: Point(x: 112.0, y: 332.0), phase: .move),
            PointerEvent(time: 0.0, position: Point(x: 96.0, y: 340.0), phase: .move),
            PointerEvent(time: 0.0, position: Point(x: 80.0, y: 348.0), phase: .move),
            PointerEvent(time: 0.0, position: Point(x: 64.0, y: 328.0), phase: .move),
            PointerEvent(time: 0.008, position: Point(x: 64.0, y: 312.0), phase: .move),
            PointerEvent(time: 0.016, position: Point(x: 64.0, y: 296.0), phase: .move),
            PointerEvent(time: 0.024, position: Point(x: 64.0, y: 280.0), phase: .move),
            PointerEvent(time: 0.024, position: Point(x: 64.0, y: 280.0), phase: .move),
            PointerEvent(time: 0.024, position: Point(x: 64.0, y: 280.0), phase: .move),
            PointerEvent(time: 0.024, position: Point(x: 64.0, y: 280.0), phase: .move),
            PointerEvent(time: 0.024, position: Point(x: 64.0, y: 280.0), phase: .move),
            PointerEvent(time: 0.024, position: Point(x: 64.0, y: 288.0), phase: .move),
            PointerEvent(time: 0.024, position: Point(x: 147.0, y: 272.0), phase: .move),
            PointerEvent(time: 0.032, position: Point(x: 147.0, y: 256.0), phase: .move),
            PointerEvent(time: 0.04, position: Point(x: 147.0, y: 240.0), phase: .move),
            PointerEvent(time: 0.044, position: Point(x: 147.0, y: 240.0), phase: .up),
            PointerEvent(time: 0.056999999999999995, position: Point(x: 215.0, y: 240.0), phase: .down),
            PointerEvent(time: 0.056999999999999995, position: Point(x: 215.0, y: 240.0), phase: .move),
            PointerEvent(time: 0.056999999999999995, position: Point(x: 262.0, y: 240.0), phase: .move),
            PointerEvent(time: 0.056999999999999995, position: Point(x: 262.0, y: 248.0), phase: .move),
            PointerEvent(time: 0.056999999999999995, position: Point(x: 246.0, y: 256.0), phase: .move),
            PointerEvent(time: 0.056999999999999995, position: Point(x: 230.0, y: 264.0), phase: .move),
            PointerEvent(time: 0.056999999999999995, position: Point(x: 214.0, y: 272.0), phase: .move),
            PointerEvent(time: 0.056999999999999995, position: Point(x: 198.0, y: 280.0), phase: .move),
            PointerEvent(time: 0.056999999999999995, position: Point(x: 182.0, y: 288.0), phase: .move),
            PointerEvent(time: 0.057999999999999996, position: Point(x: 182.0, y: 288.0), phase: .move),
            PointerEvent(time: 0.057999999999999996, position: Point(x: 166.0, y: 296.0), phase: .move),
            PointerEvent(time: 0.057999999999999996, position: Point(x: 150.0, y: 304.0), phase: .move),
            PointerEvent(time: 0.057999999999999996, position: Point(x: 134.0, y: 312.0), phase: .move),
            PointerEvent(time: 0.057999999999999996, position: Point(x: 118.0, y: 320.0), phase: .move),
            PointerEvent(time: 0.057999999999999996, position: Point(x: 102.0, y: 328.0), phase: .move),
            PointerEvent(time: 0.057999999999999996, position: Point(x: 86.0, y: 336.0), phase: .move),
            PointerEvent(time: 0.057999999999999996, position: Point(x: 70.0, y: 316.0), phase: .move),
            PointerEvent(time: 0.066, position: Point(x: 70.0, y: 300.0), phase: .move),
            PointerEvent(time: 0.07400000000000001, position: Point(x: 70.0, y: 284.0), phase: .move),
            PointerEvent(time: 0.08200000000000002, position: Point(x: 70.0, y: 268.0), phase: .move),
            PointerEvent(time: 0.08200000000000002, position: Point(x: 70.0, y: 268.0), phase: .move),
            PointerEvent(time: 0.08200000000000002, position: Point(x: 70.0, y: 268.0), phase: .move),
            PointerEvent(time: 0.08200000000000002, position: Point(x: 70.0, y: 268.0), phase: .move),
            PointerEvent(time: 0.08200000000000002, position: Point(x: 70.0, y: 268.0), phase: .move),
            PointerEvent(time: 0.08200000000000002, position: Point(x: 70.0, y: 276.0), phase: .move),
            PointerEvent(time: 0.08200000000000002, position: Point(x: 153.0, y: 260.0), phase: .move),
            PointerEvent(time: 0.09000000000000002, position: Point(x: 153.0, y: 244.0), phase: .move),
            PointerEvent(time: 0.09800000000000003, position: Point(x: 153.0, y: 228.0), phase: .move),
            PointerEvent(time: 0.10200000000000004, position: Point(x: 153.0, y: 228.0), phase: .up)
        ]
        var frame = 0
        var furthest = 0.0
        for e in events {
            while Double(frame) / 60 <= e.time {
                v.advance(to: Double(frame) / 60)
                furthest = Swift.min(furthest, v.contentOffset.x)
                frame += 1
            }
            v.handle(e)
        }
        for _ in 0..<120 {
            v.advance(to: Double(frame) / 60)
            furthest = Swift.min(furthest, v.contentOffset.x)
            frame += 1
        }
        #expect(v.velocity.x == 0 && v.contentOffset.x == 0)
        #expect(furthest > -v.frame.width / 2, "overshoot \(furthest) pt")
    }

    /// The spring takes at most 5000 pt/s at the edge, whatever the fling's speed there.
    @Test func theSpringTakesAtMostTheTransferVelocity() throws {
        let fast = try #require(BouncingSimulation(position: 10, velocity: -20_000, rate: .normal, edge: 0))
        #expect(fast.spring.velocity(at: 0) == -BouncingSimulation.maximumTransferVelocity)
        let slow = try #require(BouncingSimulation(position: 100, velocity: -2_000, rate: .normal, edge: 0))
        #expect(abs(slow.spring.velocity(at: 0)) < 2_000 && abs(slow.spring.velocity(at: 0)) > 1_000)
        let peak = stride(from: 0.0, through: 1.0, by: 0.001).map { fast.position(at: $0) }.min() ?? 0
        #expect(peak > -250 && peak < -100, "peak overshoot \(peak) pt")
    }
}
