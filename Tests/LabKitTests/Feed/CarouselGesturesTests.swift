import Testing
import LabKit
import ScrollKit

@Suite struct CarouselGesturesTests {
    /// The strokes of a session: its samples from each down to its up.
    func strokes(_ events: [PointerEvent]) -> [[PointerEvent]] {
        var out: [[PointerEvent]] = [], current: [PointerEvent] = []
        for e in events {
            current.append(e)
            if e.phase == .up { out.append(current); current = [] }
        }
        return out
    }

    @Test func carouselSessionsTurnAboutHalfTheFlingsSideways() {
        let generator = BrowsingSessionGenerator(kind: .browse, seed: 5)
        var sideways = 0, flings = 0
        for i in 0..<20 {
            let plain = generator.session(i), turned = generator.session(i, layout: .carousels)
            #expect(generator.session(i, layout: .list) == plain)
            #expect(generator.session(i, layout: .carousels) == turned)
            let a = strokes(plain), b = strokes(turned)
            #expect(a.count == b.count)
            for (p, t) in zip(a, b) {
                #expect(t.first!.time == p.first!.time)
                #expect(t.allSatisfy { $0.position.x >= 0 && $0.position.x <= 320 })
                let dx = t.last!.position.x - t.first!.position.x, dy = t.last!.position.y - t.first!.position.y
                if abs(dx) > abs(dy) {
                    sideways += 1
                    // A fling turned a quarter: up the screen became to the left, at the same pace.
                    let py = p.last!.position.y - p.first!.position.y
                    #expect((dx < 0) == (py < 0))
                    #expect(abs(dx) <= BrowsingSessionGenerator.sidewaysTravel + 1e-9)
                }
                if p.last!.time - p.first!.time <= 0.2, abs(p.last!.position.y - p.first!.position.y) >= 30 { flings += 1 }
            }
        }
        #expect(flings > 40)
        // Half of the flings, within sampling noise.
        #expect(abs(Double(sideways) / Double(flings) - BrowsingSessionGenerator.sidewaysShare) < 0.15)
    }
}
