/// A phone radio's power states, from published measurements (B-COST-2): what it costs to wake the
/// radio, to move data, and to stay up for the tail after the last byte.
///
/// The radio is idle until a transfer begins; it then pays a promotion (`promotionSeconds` at
/// `promotionWatts`), draws `activeWatts` plus `wattsPerMbpsDown`·(downlink Mbit/s) and
/// `wattsPerMbpsUp`·(uplink Mbit/s) while transfers are in flight, and after the last one ends stays in
/// each `tails` state in turn (LTE: RRC_CONNECTED with DRX until the inactivity timer; 3G: DCH, then
/// FACH) before it is idle again. A transfer that begins inside a tail pays no promotion. The energy of
/// the idle state (paging) is the same whatever a policy does, and is not counted.
public struct RadioProfile: Hashable, Sendable {
    /// One tail state: its length and its power.
    public struct Tail: Hashable, Sendable {
        public var seconds: Double
        public var watts: Double
        public init(seconds: Double, watts: Double) {
            self.seconds = Swift.max(0, seconds)
            self.watts = Swift.max(0, watts)
        }
    }

    /// The radio's name in outputs and docs (`lte`, `3g`, `edge`, `wifi`).
    public var name: String
    /// Idle to connected: how long, and at what power.
    public var promotionSeconds: Double
    public var promotionWatts: Double
    /// Power while a transfer is in flight, before the throughput terms.
    public var activeWatts: Double
    /// Power per Mbit/s of downlink and of uplink throughput (Huang et al.'s α_d and α_u).
    public var wattsPerMbpsDown: Double
    public var wattsPerMbpsUp: Double
    /// The states after the last byte, in order.
    public var tails: [Tail]
    /// Where the numbers come from.
    public var source: String

    public init(name: String, promotionSeconds: Double, promotionWatts: Double, activeWatts: Double,
                wattsPerMbpsDown: Double, wattsPerMbpsUp: Double, tails: [Tail], source: String) {
        self.name = name
        self.promotionSeconds = Swift.max(0, promotionSeconds)
        self.promotionWatts = Swift.max(0, promotionWatts)
        self.activeWatts = Swift.max(0, activeWatts)
        self.wattsPerMbpsDown = Swift.max(0, wattsPerMbpsDown)
        self.wattsPerMbpsUp = Swift.max(0, wattsPerMbpsUp)
        self.tails = tails
        self.source = source
    }

    /// The whole tail's length, seconds.
    public var tailSeconds: Double { tails.reduce(0) { $0 + $1.seconds } }

    /// Energy of the first `seconds` of the tail, joules.
    public func tailJoules(over seconds: Double) -> Double {
        var left = Swift.max(0, seconds), joules = 0.0
        for tail in tails where left > 0 {
            let spent = Swift.min(left, tail.seconds)
            joules += spent * tail.watts
            left -= spent
        }
        return joules
    }

    private static let huang = "Huang et al., \"A Close Examination of Performance and Power Characteristics of 4G LTE Networks\", MobiSys 2012, Tables 3 and 4"

    /// LTE: promotion 260.1 ms at 1210.7 mW; in flight 1288.04 mW + 51.97 mW per Mbit/s down and
    /// 438.39 mW per Mbit/s up; the tail (RRC_CONNECTED, DRX) 11.576 s at 1060.0 mW.
    public static let lte = RadioProfile(name: "lte", promotionSeconds: 0.2601, promotionWatts: 1.2107, activeWatts: 1.28804,
                                         wattsPerMbpsDown: 0.05197, wattsPerMbpsUp: 0.43839,
                                         tails: [Tail(seconds: 11.576, watts: 1.060)], source: huang)
    /// 3G (UMTS): promotion 582.1 ms at 659.4 mW; in flight 817.88 mW + 122.12 mW per Mbit/s down and
    /// 868.98 mW per Mbit/s up; the tails DCH 8.0882 s at 803.9 mW, then FACH 0.8242 s at 601.3 mW.
    public static let umts = RadioProfile(name: "3g", promotionSeconds: 0.5821, promotionWatts: 0.6594, activeWatts: 0.81788,
                                          wattsPerMbpsDown: 0.12212, wattsPerMbpsUp: 0.86898,
                                          tails: [Tail(seconds: 8.0882, watts: 0.8039), Tail(seconds: 0.8242, watts: 0.6013)],
                                          source: huang)
    /// Wi-Fi: promotion 79.1 ms at 124.4 mW; in flight 132.86 mW + 137.01 mW per Mbit/s down and
    /// 283.17 mW per Mbit/s up; the tail 238.1 ms at 119.3 mW.
    public static let wifi = RadioProfile(name: "wifi", promotionSeconds: 0.0791, promotionWatts: 0.1244, activeWatts: 0.13286,
                                          wattsPerMbpsDown: 0.13701, wattsPerMbpsUp: 0.28317,
                                          tails: [Tail(seconds: 0.2381, watts: 0.1193)], source: huang)
    /// EDGE (GSM/GPRS), derived from Balasubramanian et al.'s GSM model E(x) = 0.036·x + 1.7 J for x kB
    /// with a 6 s tail: 0.036 J a kB is 4.5 J a Mbit, i.e. 4.5 W per Mbit/s, in either direction; the
    /// 1.7 J a burst is spread over the 6 s tail (0.2833 W); no separate promotion or base power.
    public static let edge = RadioProfile(name: "edge", promotionSeconds: 0, promotionWatts: 0, activeWatts: 0,
                                          wattsPerMbpsDown: 4.5, wattsPerMbpsUp: 4.5,
                                          tails: [Tail(seconds: 6, watts: 1.7 / 6)],
                                          source: "Balasubramanian et al., \"Energy Consumption in Mobile Phones: A Measurement Study and Implications for Network Applications\", IMC 2009 (GSM)")
}
