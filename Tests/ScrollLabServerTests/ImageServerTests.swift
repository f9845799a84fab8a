import LabKit
import Testing
@testable import ScrollLabServer

/// `scrolllab serve`'s pacing of a body.
@Suite struct ImageServerTests {
    @Test func aSlowLinkSendsSmallChunks() {
        #expect(ImageServer.chunkBytes(for: .threeG) == 256)           // 97.5 bytes a millisecond
        #expect(ImageServer.chunkBytes(for: .edge) == 256)
        #expect(ImageServer.chunkBytes(for: .veryBad) == 256)          // 125 bytes a millisecond
    }

    @Test func aFastLinkSendsAMillisecondsWorth() {
        #expect(ImageServer.chunkBytes(for: .lte) == 6250)             // 50 Mbit/s
        #expect(ImageServer.chunkBytes(for: .wifi) == 5000)            // 40 Mbit/s
    }

    @Test func anUnshapedServerSendsLargeChunks() {
        #expect(ImageServer.chunkBytes(for: nil) == 65_536)
    }
}
