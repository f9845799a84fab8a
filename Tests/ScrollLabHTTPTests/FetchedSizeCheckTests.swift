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
}
