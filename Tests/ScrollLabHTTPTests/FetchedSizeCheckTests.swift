import Testing
@testable import ScrollLabHTTP

/// B-NET-3: a run over a server whose files are not its images is said, never silently counted.
@Suite struct FetchedSizeCheckTests {
    @Test func bodiesOfTheirOwnSizeAndNoFailureSayNothing() {
        let check = FetchedSizeCheck()
        #expect(check.warnings(source: "S").isEmpty)
        check.fetched(asset: 0, got: 100, expected: 100)
        check.fetched(asset: 1, got: 7, expected: 7)
        #expect(check.warnings(source: "S").isEmpty)
    }

    @Test func otherSizesAndFailuresAreCountedTheFirstNamed() {
        let check = FetchedSizeCheck()
        check.fetched(asset: 0, got: 100, expected: 100)
        check.fetched(asset: 3, got: 218_271, expected: 185_073)
        check.fetched(asset: 4, got: 1, expected: 2)
        check.failed("HTTP 404")
        check.failed("timeout")
        check.failed("HTTP 404")
        let lines = check.warnings(source: "S")
        #expect(lines.count == 2)
        #expect(lines[0] == "2 of 3 images fetched from S were not their own size (the first, image 3: 218271 bytes, its own 185073): the run "
                + "counts the server's bytes, not its images' (a folder of other images, or of files `feed generate --write-images` made larger "
                + "than asked, which it says)")
        #expect(lines[1] == "3 of 6 fetches from S failed (2 × HTTP 404, 1 × timeout): the server lacks some of the run's images "
                + "(a feed with more images than its folder has files?)")
        let timeouts = FetchedSizeCheck()
        timeouts.failed("timeout")
        #expect(timeouts.warnings(source: "S") == ["1 of 1 fetches from S failed (1 × timeout)"])
    }

    /// A server shaping another profile than the runs name is said: the fastest first byte against the
    /// named profile's round trip (under half of it: faster; over twice it and 100 ms: slower).
    @Test func aServerShapingAnotherProfileIsSaid() {
        let right = FetchedSizeCheck()
        for seconds in [0.300, 0.118, 0.160] { right.firstByte(after: seconds, profile: "lte", roundTrip: 0.1153) }
        #expect(right.warnings(source: "S").isEmpty)
        // EDGE's label on an LTE server: 118 ms at the fastest against 856 ms.
        let faster = FetchedSizeCheck()
        for seconds in [0.9, 0.118, 0.2] { faster.firstByte(after: seconds, profile: "edge", roundTrip: 0.856) }
        #expect(faster.warnings(source: "S") == ["the fastest first byte from S came 118 ms after its request, where edge's round trip is "
                + "856 ms: the server shapes a faster link than the --network edge the runs are labelled with (their energy and Chrome's "
                + "margin are edge's); start it with `scrolllab serve --network edge`"])
        // LTE's label on an EDGE server, and a server that shapes nothing under WiFi's 2.3 ms: said too.
        let slower = FetchedSizeCheck()
        slower.firstByte(after: 0.860, profile: "lte", roundTrip: 0.1153)
        slower.firstByte(after: 0.0004, profile: "wifi", roundTrip: 0.0023)
        let lines = slower.warnings(source: "S")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("the fastest first byte from S came 860 ms after its request, where lte's round trip is 115 ms: the server shapes a slower link"))
        #expect(lines[1].hasPrefix("the fastest first byte from S came 0.4 ms after its request, where wifi's round trip is 2.3 ms: the server shapes a faster link"))
        // A new connection's handshake doubles a first byte: not said.
        let handshake = FetchedSizeCheck()
        handshake.firstByte(after: 2 * 0.1153 + 0.09, profile: "lte", roundTrip: 0.1153)
        #expect(handshake.warnings(source: "S").isEmpty)
    }
}
