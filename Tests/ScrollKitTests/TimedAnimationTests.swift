import Testing
@testable import ScrollKit

@Suite struct TimedAnimationTests {
    @Test func easesInAndOutAndEndsExactly() {
        let animation = TimedAnimation(from: 100, to: 400)
        #expect(animation.duration == 0.3)
        #expect(animation.position(at: 0) == 100)
        #expect(animation.velocity(at: 0) == 0)
        #expect(abs(animation.position(at: 0.15) - 250) < 1e-9)
        #expect(abs(animation.velocity(at: 0.15) - 300 * 1.5 / 0.3) < 1e-9)
        #expect(animation.position(at: 0.3) == 400)
        #expect(animation.isDone(at: 0.3))
        #expect(!animation.isDone(at: 0.299))
        #expect(TimedAnimation(from: 0, to: 5, duration: -1).position(at: 0) == 5)
        #expect(TimedAnimation(from: 0, to: 5, duration: .nan).position(at: .nan) == 5)
    }
}
