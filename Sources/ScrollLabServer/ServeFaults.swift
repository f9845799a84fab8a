import LabKit

/// What `scrolllab serve` does wrong on purpose, so every failure a client meets can be seen and tested.
package struct ServeFaults: Sendable {
    /// Answer every image request with this status (and a short text body).
    var status: Int?
    /// Share of requests answered with 500, drawn from `seed`.
    var failRate = 0.0
    /// Send only half of each body, then close the connection (the Content-Length says the whole).
    var truncate = false
    /// Wait this many seconds after the headers before the body.
    var stall: Double?
    /// Send this Content-Type instead of the image's.
    var contentType: String?
    /// Answer with a redirect to the same address.
    var redirectLoop = false
    /// Seed of the fail-rate and loss draws.
    var seed: UInt64 = 1

    /// The faults `scrolllab serve`'s options ask for.
    package init(status: Int? = nil, failRate: Double = 0, truncate: Bool = false, stall: Double? = nil, contentType: String? = nil,
                 redirectLoop: Bool = false, seed: UInt64 = 1) {
        self.status = status
        self.failRate = failRate
        self.truncate = truncate
        self.stall = stall
        self.contentType = contentType
        self.redirectLoop = redirectLoop
        self.seed = seed
    }

    /// A uniform number in [0, 1) for request `serial` and `stream` (SplitMix64's finaliser).
    func draw(_ serial: Int, stream: UInt64, index: Int = 0) -> Double {
        SeededDraw.unit(seed: seed, serial: serial, stream: stream, index: index)
    }
}
