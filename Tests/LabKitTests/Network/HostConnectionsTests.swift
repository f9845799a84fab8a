import Testing
@testable import LabKit

/// Connections to the image host: handshakes under HTTP/1.1 and HTTP/2, over TLS, and HTTP/2's stall.
@Suite struct HostConnectionsTests {
    @Test func http1OpensAConnectionPerRequestInFlightAndKeepsItAlive() {
        var c = HostConnections(perHost: 6, httpVersion: .http1_1)
        #expect(c.requestLimit(maxStreams: 100) == 6)
        #expect(c.connect(at: 0, active: 0, roundTrip: 0.1) == 0.1)    // opens one: a handshake
        #expect(c.connect(at: 0, active: 1, roundTrip: 0.1) == 0.1)    // a second one
        #expect(c.connect(at: 1, active: 0, roundTrip: 0.1) == 0)      // both idle: one is reused
        c.gaveUp()
        #expect(c.open == 1)
        c.recover(at: 1, lossPenalty: 0.3)
        #expect(c.stalledUntil == -.infinity)                          // no head-of-line blocking
    }

    @Test func http2OpensOneConnectionAndItsStreamsWaitForItsHandshake() {
        var c = HostConnections(perHost: 6, httpVersion: .http2)
        #expect(c.requestLimit(maxStreams: 100) == 100)
        #expect(c.connect(at: 0, active: 0, roundTrip: 0.1) == 0.1)
        #expect(c.connect(at: 0.04, active: 1, roundTrip: 0.1) == 0.1 - 0.04)
        #expect(c.connect(at: 0.5, active: 2, roundTrip: 0.1) == 0)
        c.gaveUp()
        #expect(c.open == 1)
        c.recover(at: 1, lossPenalty: 0.3)
        c.recover(at: 1.1, lossPenalty: 0.1)
        #expect(c.stalledUntil == 1.3)
    }

    /// Over TLS 1.3 a handshake is two round trips (TCP's, then TLS's); a kept-alive connection still costs none.
    @Test func overTLSAHandshakeTakesTwoRoundTrips() {
        #expect(NetworkImageSource.handshakeRoundTrips(tls: false) == 1 && NetworkImageSource.handshakeRoundTrips(tls: true) == 2)
        var h1 = HostConnections(perHost: 6, httpVersion: .http1_1, tls: true)
        #expect(h1.connect(at: 0, active: 0, roundTrip: 0.1) == 0.2)
        #expect(h1.connect(at: 1, active: 0, roundTrip: 0.1) == 0)
        var h2 = HostConnections(perHost: 6, httpVersion: .http2, tls: true)
        #expect(h2.connect(at: 0, active: 0, roundTrip: 0.1) == 0.2)
        #expect(h2.connect(at: 0.05, active: 1, roundTrip: 0.1) == 0.2 - 0.05)
        #expect(h2.connect(at: 0.5, active: 2, roundTrip: 0.1) == 0)
    }
}
