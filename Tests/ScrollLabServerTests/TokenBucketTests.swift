import Testing
@testable import ScrollLabServer

/// `scrolllab serve`'s shared downlink.
@Suite struct TokenBucketTests {
    @Test func aFullBucketSendsItsBurstAtOnceThenPacesAtTheRate() {
        var b = TokenBucket(rate: 1000, capacity: 500)
        #expect(b.take(500, now: 0) == 0)
        #expect(abs(b.take(100, now: 0) - 0.1) < 1e-12)        // 100 bytes of debt at 1000 B/s
        #expect(abs(b.take(100, now: 0) - 0.2) < 1e-12)        // queued behind the first
        #expect(b.take(100, now: 0.5) == 0)                     // refilled to 300 by then
    }

    @Test func twoSendersTakingTurnsEachGetHalfTheLink() {
        var b = TokenBucket(rate: 1000, capacity: 100)
        var now = [0.0, 0.0]
        var sent = [0, 0]
        // Each sender sends its next 100-byte chunk when its previous one is through.
        for _ in 0..<200 {
            let s = now[0] <= now[1] ? 0 : 1
            now[s] += b.take(100, now: now[s])
            sent[s] += 100
        }
        #expect(abs(sent[0] - sent[1]) <= 200)   // 1%: the first sender also had the burst
        // 20 000 bytes through a 1000 B/s link (100 of burst): 19.9 s.
        #expect(abs(Swift.max(now[0], now[1]) - 19.9) < 0.11)
    }

    @Test func aChunkGivenBackLetsTheNextGoInItsTime() {
        var b = TokenBucket(rate: 1000, capacity: 100)
        #expect(b.take(100, now: 0) == 0)
        #expect(abs(b.take(100, now: 0) - 0.1) < 1e-12)        // queued behind the first
        b.giveBack(100)                                          // its stream went away: not sent
        #expect(abs(b.take(100, now: 0) - 0.1) < 1e-12)        // the next takes its place, not 0.2 s
        b.giveBack(1000)
        #expect(b.take(100, now: 0) == 0 && b.take(1, now: 0) > 0)   // never more than the capacity
    }

    @Test func idleTimeRefillsNoMoreThanTheCapacity() {
        var b = TokenBucket(rate: 10, capacity: 50)
        _ = b.take(50, now: 0)
        #expect(b.take(50, now: 100) == 0)
        #expect(abs(b.take(10, now: 100) - 1) < 1e-12)
    }

    /// `serve`'s link holds nothing: each chunk leaves when its last byte would have crossed the link, and
    /// back-to-back chunks follow each other at the rate; an idle link saves no burst.
    @Test func anEmptyBucketSendsEachChunkAtTheEndOfItsOwnTime() {
        var b = TokenBucket(rate: 1000, capacity: 0)
        #expect(abs(b.take(100, now: 0) - 0.1) < 1e-12)
        #expect(abs(b.take(100, now: 0.1) - 0.1) < 1e-12)      // sent at 0.1, the next at 0.2
        #expect(abs(b.take(100, now: 0.1) - 0.2) < 1e-12)      // a second sender then: after both, at 0.3
        #expect(abs(b.take(100, now: 100) - 0.1) < 1e-12)      // idle for long: still its own time
        b.giveBack(1000)
        #expect(abs(b.take(100, now: 100) - 0.1) < 1e-12)      // nothing given back beyond empty
    }

    /// A sender woken late (a loaded machine) whose chunk was queued at the previous one's time keeps the
    /// link's schedule: it waits only for what is left of its time, or sends at once; a sender that asks
    /// with nothing queued, or another sender's queued bytes, still take their turn.
    @Test func aLateWakeKeepsTheLinksScheduleForBytesThatWereQueued() {
        var b = TokenBucket(rate: 1000, capacity: 0)
        #expect(abs(b.take(100, now: 0) - 0.1) < 1e-12)                        // due at 0.1
        #expect(abs(b.take(100, now: 0.15, queuedSince: 0.1) - 0.05) < 1e-12)  // woke 50 ms late: due at 0.2
        #expect(b.take(100, now: 0.35, queuedSince: 0.2) == 0)                // due at 0.3: sent at once
        #expect(abs(b.take(100, now: 0.35, queuedSince: 0.3) - 0.05) < 1e-12)  // its next is due at 0.4
        // Without a queue time a late wake is an idle link: the chunk takes its own time from now.
        var plain = TokenBucket(rate: 1000, capacity: 0)
        _ = plain.take(100, now: 0)
        #expect(abs(plain.take(100, now: 0.15) - 0.1) < 1e-12)
        // A queue time before the link's last take counts from that take: no time is taken twice.
        var shared = TokenBucket(rate: 1000, capacity: 0)
        #expect(abs(shared.take(100, now: 0) - 0.1) < 1e-12)                   // sender 1, due at 0.1
        #expect(abs(shared.take(100, now: 0.05) - 0.15) < 1e-12)               // sender 2 behind it, due at 0.2
        #expect(abs(shared.take(100, now: 0.12, queuedSince: 0.1) - 0.18) < 1e-12)  // sender 1's next: at 0.3
    }
}
