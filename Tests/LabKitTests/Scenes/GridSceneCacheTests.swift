import Testing
@testable import ScrollKit
import LabKit

@Suite struct GridSceneCacheTests {
    @Test func clearingTheCacheKeepsTheScreenAndReloadsWithAFadeLater() {
        var config = GridSceneConfiguration()
        config.policy = .eager
        let s = GridScene(configuration: config)
        for frame in 0...30 { s.advance(to: Double(frame) / 60) }   // items 0–5 bound, loaded, faded in
        #expect(s.pipeline.cache.count == 6)
        s.clearMemoryCache()
        #expect(s.pipeline.cache.count == 0)
        #expect(s.pipeline.cache.totalBytes == 0)
        for v in 0..<4 { #expect(s.tiles[v].image == .shown(key: ImageKey(asset: v), alpha: 1)) }
        // Away and back: items 0–3 are no longer cached, so they load again and fade in.
        s.scrollView.setContentOffset(Point(x: 0, y: 920), animated: false, time: 0.6)
        for frame in 36...60 { s.advance(to: Double(frame) / 60) }
        let issuedBefore = s.metrics.loadsIssued
        s.scrollView.setContentOffset(.zero, animated: false, time: 61.0 / 60)
        s.advance(to: 61.0 / 60)
        #expect(s.tiles[0].image == .loading)
        s.advance(to: 67.0 / 60)                             // 0.1 s later: arrived, the fade starts
        #expect(s.tiles[0].image == .shown(key: ImageKey(asset: 0), alpha: 0))
        #expect(s.metrics.loadsIssued == issuedBefore + 6)   // items 0–5 from the source again
        #expect(s.metrics.cacheHitFades == 0)
    }
}
