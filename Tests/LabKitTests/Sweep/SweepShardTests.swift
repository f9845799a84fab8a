import Testing
@testable import LabKit

@Suite struct SweepShardTests {
    /// Parts 1…N hold every gesture once, dealt round-robin.
    @Test func shardsPartitionTheGestures() {
        for n in 1...5 {
            let parts = (1...n).map { SweepShard(part: $0, of: n)!.indices(of: 23) }
            #expect(parts.flatMap { $0 }.sorted() == Array(0..<23))
            for i in 0..<23 { #expect((1...n).filter { SweepShard(part: $0, of: n)!.contains(i) }.count == 1) }
        }
        #expect(SweepShard("2/3")?.indices(of: 7) == [1, 4])
        #expect(SweepShard.whole.indices(of: 3) == [0, 1, 2])
    }

    @Test func onlyKOfNWithKFromOneToNIsAShard() {
        #expect(SweepShard("1/1") == .whole)
        for text in ["0/3", "4/3", "1/0", "-1/2", "1/2/3", "a/2", "1/", "/2", "12", ""] { #expect(SweepShard(text) == nil, "\(text)") }
    }
}
