import Testing
@testable import ScrollLabCore

/// The HUD's decoded-memory row (B-COST-1): bytes now and at their peak, the last image frame's decode and upload.
@Suite struct ImageWorkFiguresTests {
    @Test func theRowSaysNowPeakDecodeAndUpload() {
        var f = ImageWorkFigures()
        #expect(f.hudRows.map(\.value) == ["0.0 · peak 0.0", "0.0 bg · upload 0.0"])
        #expect(f.hudRows.map(\.label) == ["decoded MB", "decode ms"])
        f.note(decodedBytes: 12_345_678)
        f.note(decodedBytes: 1_000_000)
        f.noteFrame(decodeSeconds: 0.0081, uploadSeconds: 0.0004)
        f.noteFrame(decodeSeconds: 0, uploadSeconds: 0)   // a frame without image work keeps the last one's
        #expect(f.decodedBytes == 1_000_000 && f.peakDecodedBytes == 12_345_678)
        #expect(f.hudRows.map(\.value) == ["1.0 · peak 12.3", "8.1 bg · upload 0.4"])
        f.noteFrame(decodeSeconds: 0, uploadSeconds: 0.0012)   // an upload pushed to the next frame: the decode stays
        #expect(f.hudRows[1].value == "8.1 bg · upload 1.2")
    }

    /// The run's render-thread image work: its own decodes and every upload, not the workers' decodes.
    @Test func theRunsMainThreadWorkCountsItsDecodesAndUploads() {
        var f = ImageWorkFigures(decodesOnMain: true)
        f.noteFrame(decodeSeconds: 0.010, uploadSeconds: 0.001)   // a worker's decode: not the main thread's
        f.noteFrame(decodeSeconds: 0.020, uploadSeconds: 0.002, mainDecodes: 2, mainDecodeSeconds: 0.020)
        f.noteFrame(decodeSeconds: 0, uploadSeconds: 0)
        #expect(abs(f.mainThreadMs - 23) < 1e-9)
        #expect(f.mainThreadDecodes == 2)
    }

    @Test func underADeviceTheLimitIsShownAndPassingItSaid() {
        var f = ImageWorkFigures(decodesOnMain: true, memoryLimitBytes: 192 << 20)
        f.note(decodedBytes: 150_000_000)
        #expect(f.hudRows.map(\.value) == ["150 · peak 150/201", "0.0 main · upload 0.0"])
        f.note(decodedBytes: 99_940_000)
        #expect(f.hudRows[0].value == "99.9 · peak 150/201")
        f.note(decodedBytes: 210_000_000)
        #expect(f.hudRows[0].value == "210 · peak 210 > 201")
    }
}
