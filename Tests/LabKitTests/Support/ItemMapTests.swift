import Testing
@testable import LabKit

/// The map by item index: an array read for items 0 and up, a dictionary for negative ones, the same
/// answers as a dictionary, and `removeAll` empties it whatever was held.
@Suite struct ItemMapTests {
    @Test func answersAsADictionaryDoes() {
        var map = ItemMap<Double>()
        var reference: [Int: Double] = [:]
        var state: UInt64 = 7
        for step in 0..<2000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let item = Int(state >> 33) % 300 - 20
            if step % 3 == 2 {
                #expect(map.removeValue(forKey: item) == reference.removeValue(forKey: item))
            } else {
                map[item] = Double(step)
                reference[item] = Double(step)
            }
            #expect(map[item] == reference[item])
        }
        var sum = 0.0
        map.forEachValue { sum += $0 }
        #expect(sum == reference.values.reduce(0, +))
        map.removeAll()
        for item in -20..<280 { #expect(map[item] == nil) }
    }

    @Test func settingNilPastTheEndAddsNothing() {
        var map = ItemMap<Int>()
        map[1000] = nil
        var count = 0
        map.forEachValue { _ in count += 1 }
        #expect(count == 0)
        #expect(map[1000] == nil)
    }
}
