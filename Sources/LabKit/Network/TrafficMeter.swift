/// What a modelled network source moved (`SourceTraffic`) and what its transfers cost the radio
/// (`RadioEnergyMeter`), kept together: every byte counted is also a byte the radio carried.
struct TrafficMeter: Hashable, Sendable {
    /// The counts so far; the radio's fields as of the last `readRadio(at:)`.
    var traffic = SourceTraffic()
    /// The radio's states.
    var radio: RadioEnergyMeter

    /// Counts `bytes` of response body received, on the downlink.
    mutating func received(_ bytes: Int) {
        traffic.networkBytes += bytes
        radio.moved(downlink: bytes, uplink: 0)
    }

    /// Puts the radio's reading at `time` into the traffic.
    mutating func readRadio(at time: Double) {
        traffic.radioJoules = radio.joules(at: time)
        traffic.radioActiveSeconds = radio.activeSeconds(at: time)
    }
}
