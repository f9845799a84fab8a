/// The radio's energy over a run (B-COST-2): a `RadioProfile`'s states driven by the network's own
/// transfers. The source says when the radio starts and stops moving data and how many bytes moved;
/// the meter keeps the states' energy and the seconds the radio was out of idle.
///
/// A reading at time t counts what was spent up to t and, when no transfer is in flight, the whole
/// tail still to come after the last one: the energy the loads so far have committed the phone to.
public struct RadioEnergyMeter: Hashable, Sendable {
    /// The radio. Changed mid-run (the network switched), the states go on with the new radio's figures.
    public var profile: RadioProfile
    /// Energy of the promotions, transfers and tails that are over, joules.
    private var closedJoules = 0.0
    /// Seconds out of idle that are over.
    private var closedSeconds = 0.0
    /// When the current busy span began (nil: nothing in flight).
    private var busySince: Double?
    /// When the last busy span ended (nil: never busy).
    private var lastEnd: Double?

    public init(profile: RadioProfile) { self.profile = profile }

    /// Transfers start at `time` with none in flight before: a promotion from idle, or the tail cut short.
    public mutating func busy(at time: Double) {
        guard busySince == nil else { return }
        if let end = lastEnd, time - end < profile.tailSeconds {
            let inTail = Swift.max(0, time - end)
            closedJoules += profile.tailJoules(over: inTail)
            closedSeconds += inTail
        } else {
            if lastEnd != nil {
                closedJoules += profile.tailJoules(over: profile.tailSeconds)
                closedSeconds += profile.tailSeconds
            }
            closedJoules += profile.promotionSeconds * profile.promotionWatts
            closedSeconds += profile.promotionSeconds
        }
        busySince = time
    }

    /// The last transfer in flight ended at `time`.
    public mutating func idle(at time: Double) {
        guard let start = busySince else { return }
        let span = Swift.max(0, time - start)
        closedJoules += span * profile.activeWatts
        closedSeconds += span
        busySince = nil
        lastEnd = time
    }

    /// `downlink` bytes received and `uplink` bytes sent: the throughput terms' energy (power per Mbit/s
    /// integrated over the time is energy per Mbit).
    public mutating func moved(downlink: Int, uplink: Int) {
        closedJoules += Double(downlink) * 8e-6 * profile.wattsPerMbpsDown + Double(uplink) * 8e-6 * profile.wattsPerMbpsUp
    }

    /// Joules spent by `time`, the tail still to come included when nothing is in flight.
    public func joules(at time: Double) -> Double {
        if let start = busySince {
            return closedJoules + Swift.max(0, time - start) * profile.activeWatts + profile.tailJoules(over: profile.tailSeconds)
        }
        return closedJoules + (lastEnd == nil ? 0 : profile.tailJoules(over: profile.tailSeconds))
    }

    /// Seconds out of idle by `time`, counted the same way.
    public func activeSeconds(at time: Double) -> Double {
        if let start = busySince {
            return closedSeconds + Swift.max(0, time - start) + profile.tailSeconds
        }
        return closedSeconds + (lastEnd == nil ? 0 : profile.tailSeconds)
    }
}
