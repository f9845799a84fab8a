/// A named network condition: round trip, downlink bandwidth and packet loss, with where the numbers
/// come from (B-NET-1).
///
/// Apple's Network Link Conditioner gives a delay per direction; the round trip is their sum. Chrome
/// DevTools gives one "latency" that it adds to every request: it is taken as the round trip. Bandwidth
/// is in bytes per second of payload (1 kbps = 1000 bit/s).
public struct NetworkProfile: Hashable, Sendable, CustomStringConvertible {
    /// The name used on the command line (`wifi`, `lte`, `3g`, …).
    public var name: String
    /// Request to first byte on an open connection, seconds.
    public var roundTrip: Double
    /// Downlink bandwidth shared by every transfer, bytes per second.
    public var downlinkBytesPerSecond: Double
    /// Uplink bandwidth, bytes per second (requests are small; kept for the record and the server).
    public var uplinkBytesPerSecond: Double
    /// Share of packets lost, 0–1; the model turns it into request timeouts and retries.
    public var packetLoss: Double
    /// Where the numbers come from.
    public var source: String
    /// The phone's radio on this network: its power states, for the energy the transfers cost.
    public var radio: RadioProfile

    /// A profile; values are clamped to be non-negative, loss to 0–1. A profile without a named radio
    /// gets LTE's.
    public init(name: String, roundTrip: Double, downlinkBytesPerSecond: Double, uplinkBytesPerSecond: Double,
                packetLoss: Double = 0, source: String, radio: RadioProfile = .lte) {
        self.name = name
        self.roundTrip = Swift.max(0, roundTrip)
        self.downlinkBytesPerSecond = Swift.max(1, downlinkBytesPerSecond)
        self.uplinkBytesPerSecond = Swift.max(1, uplinkBytesPerSecond)
        self.packetLoss = Swift.min(1, Swift.max(0, packetLoss))
        self.source = source
        self.radio = radio
    }

    /// "3g (RTT 200 ms, 97.5 kB/s, 0% loss)".
    public var description: String {
        let rtt = Int((roundTrip * 1000).rounded())
        let kB = (downlinkBytesPerSecond / 100).rounded() / 10
        let loss = Int((packetLoss * 100).rounded())
        return "\(name) (RTT \(rtt) ms, \(kB) kB/s, \(loss)% loss)"
    }

    private static let nlc = "Apple Network Link Conditioner preset"
    private static let devtools = "Chrome DevTools throttling preset (front_end/core/sdk/NetworkManager.ts)"

    /// NLC "Wi-Fi": 40 Mbps down / 33 Mbps up, 1 ms delay each way.
    public static let wifi = NetworkProfile(name: "wifi", roundTrip: 0.002, downlinkBytesPerSecond: 40e6 / 8,
                                            uplinkBytesPerSecond: 33e6 / 8, source: nlc + " \"Wi-Fi\"", radio: .wifi)
    /// NLC "LTE": 50 Mbps down with 50 ms delay, 10 Mbps up with 65 ms.
    public static let lte = NetworkProfile(name: "lte", roundTrip: 0.115, downlinkBytesPerSecond: 50e6 / 8,
                                           uplinkBytesPerSecond: 10e6 / 8, source: nlc + " \"LTE\"")
    /// NLC "3G": 780 kbps down / 330 kbps up, 100 ms delay each way.
    public static let threeG = NetworkProfile(name: "3g", roundTrip: 0.200, downlinkBytesPerSecond: 780e3 / 8,
                                              uplinkBytesPerSecond: 330e3 / 8, source: nlc + " \"3G\"", radio: .umts)
    /// NLC "Edge": 240 kbps down with 400 ms delay, 200 kbps up with 440 ms.
    public static let edge = NetworkProfile(name: "edge", roundTrip: 0.840, downlinkBytesPerSecond: 240e3 / 8,
                                            uplinkBytesPerSecond: 200e3 / 8, source: nlc + " \"Edge\"", radio: .edge)
    /// NLC "Very Bad Network": 1 Mbps each way, 500 ms delay each way, 10% of packets dropped.
    public static let veryBad = NetworkProfile(name: "very-bad", roundTrip: 1.000, downlinkBytesPerSecond: 1e6 / 8,
                                               uplinkBytesPerSecond: 1e6 / 8, packetLoss: 0.10,
                                               source: nlc + " \"Very Bad Network\"", radio: .umts)
    /// DevTools "Fast 3G": 1.6 Mbps × 0.9 down, 750 kbps × 0.9 up, 150 ms × 3.75 latency.
    public static let fast3G = NetworkProfile(name: "fast-3g", roundTrip: 0.5625, downlinkBytesPerSecond: 1.6e6 / 8 * 0.9,
                                              uplinkBytesPerSecond: 750e3 / 8 * 0.9, source: devtools + " \"Fast 3G\"", radio: .umts)
    /// DevTools "Slow 3G": 500 kbps × 0.8 each way, 400 ms × 5 latency.
    public static let slow3G = NetworkProfile(name: "slow-3g", roundTrip: 2.0, downlinkBytesPerSecond: 500e3 / 8 * 0.8,
                                              uplinkBytesPerSecond: 500e3 / 8 * 0.8, source: devtools + " \"Slow 3G\"", radio: .umts)

    /// Every named profile, fastest first: what `all` means.
    public static let all: [NetworkProfile] = [wifi, lte, threeG, edge, veryBad, fast3G, slow3G]

    /// The profile named `name` (case-insensitive), or nil.
    public static func named(_ name: String) -> NetworkProfile? {
        let key = name.lowercased()
        return all.first { $0.name == key }
    }

    /// The names, for help texts: "wifi, lte, 3g, edge, very-bad, fast-3g, slow-3g".
    public static var names: String { all.map(\.name).joined(separator: ", ") }
}
