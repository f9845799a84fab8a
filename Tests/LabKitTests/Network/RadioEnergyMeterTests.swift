import Testing
import LabKit

/// The radio's energy on hand-computed cases (B-COST-2): one transfer; two inside the tail and two
/// outside it; 3G's two tails; the meter driven by the modelled network's own transfers.
@Suite struct RadioEnergyMeterTests {
    let lte = RadioProfile.lte
    /// Energy per byte moved: power per Mbit/s over time is energy per Mbit.
    func bytesJoules(_ profile: RadioProfile, down: Int, up: Int) -> Double {
        Double(down) * 8e-6 * profile.wattsPerMbpsDown + Double(up) * 8e-6 * profile.wattsPerMbpsUp
    }

    @Test func nothingMovedCostsNothing() {
        let meter = RadioEnergyMeter(profile: lte)
        #expect(meter.joules(at: 100) == 0 && meter.activeSeconds(at: 100) == 0)
    }

    @Test func oneTransferPaysThePromotionTheTransferAndTheWholeTail() {
        var meter = RadioEnergyMeter(profile: lte)
        meter.busy(at: 1)
        meter.moved(downlink: 1_000_000, uplink: 400)
        meter.idle(at: 2)
        // 0.2601 s × 1.2107 W + 1 s × 1.28804 W + 8 Mbit × 0.05197 + 0.0032 Mbit × 0.43839 + 11.576 s × 1.060 W
        let expected = 0.2601 * 1.2107 + 1.28804 + 8 * 0.05197 + 0.0032 * 0.43839 + 11.576 * 1.060
        #expect(abs(meter.joules(at: 2) - expected) < 1e-9)
        #expect(abs(expected - 14.2907) < 1e-4)
        #expect(abs(meter.activeSeconds(at: 2) - (0.2601 + 1 + 11.576)) < 1e-9)
        // The reading is the same later: the tail was counted in full when the transfer ended.
        #expect(meter.joules(at: 30) == meter.joules(at: 2))
    }

    @Test func aTransferInsideTheTailPaysNoPromotionAndCutsTheTailShort() {
        var meter = RadioEnergyMeter(profile: lte)
        meter.busy(at: 0); meter.idle(at: 1)
        meter.busy(at: 6); meter.idle(at: 7)      // 5 s into the 11.576 s tail
        let expected = 0.2601 * 1.2107 + 2 * 1.28804 + 5 * 1.060 + 11.576 * 1.060
        #expect(abs(meter.joules(at: 7) - expected) < 1e-9)
        #expect(abs(meter.activeSeconds(at: 7) - (0.2601 + 2 + 5 + 11.576)) < 1e-9)
    }

    @Test func aTransferAfterTheTailPaysASecondPromotionAndASecondTail() {
        var meter = RadioEnergyMeter(profile: lte)
        meter.busy(at: 0); meter.idle(at: 1)
        meter.busy(at: 21); meter.idle(at: 22)    // 20 s later: the radio went idle at 12.576 s
        let once = 0.2601 * 1.2107 + 1.28804 + 11.576 * 1.060
        #expect(abs(meter.joules(at: 22) - 2 * once) < 1e-9)
        #expect(abs(meter.activeSeconds(at: 22) - 2 * (0.2601 + 1 + 11.576)) < 1e-9)
        // Batching the two into one span costs one promotion and one tail: 15.16 J against 27.75 J (rounded).
        var batched = RadioEnergyMeter(profile: lte)
        batched.busy(at: 0); batched.idle(at: 2)
        #expect(abs(batched.joules(at: 2) - (0.2601 * 1.2107 + 2 * 1.28804 + 11.576 * 1.060)) < 1e-9)
        #expect(abs(meter.joules(at: 22) - 27.7470) < 1e-4 && abs(batched.joules(at: 2) - 15.1615) < 1e-4)
    }

    @Test func threeGsTailsAreDCHThenFACH() {
        var meter = RadioEnergyMeter(profile: .umts)
        meter.busy(at: 0); meter.idle(at: 1)
        meter.busy(at: 9.5); meter.idle(at: 10)   // 8.5 s after: past DCH's 8.0882 s, 0.4118 s into FACH
        let tail = 8.0882 * 0.8039 + 0.8242 * 0.6013
        let expected = 0.5821 * 0.6594 + 1.5 * 0.81788 + (8.0882 * 0.8039 + 0.4118 * 0.6013) + tail
        #expect(abs(meter.joules(at: 10) - expected) < 1e-9)
        #expect(abs(RadioProfile.umts.tailSeconds - 8.9124) < 1e-12)
    }

    @Test func aReadingWhileBusyCountsUpToNowAndTheTailToCome() {
        var meter = RadioEnergyMeter(profile: .wifi)
        meter.busy(at: 0)
        let expected = 0.0791 * 0.1244 + 3 * 0.13286 + 0.2381 * 0.1193
        #expect(abs(meter.joules(at: 3) - expected) < 1e-9)
        #expect(abs(meter.activeSeconds(at: 3) - (0.0791 + 3 + 0.2381)) < 1e-9)
    }

    @Test func edgeIsTheGSMModelsBytesAndTail() {
        // E(x) = 0.036 J per kB + 1.7 J a burst (Balasubramanian et al.): 100 kB in one burst is 5.3 J.
        var meter = RadioEnergyMeter(profile: .edge)
        meter.busy(at: 0)
        meter.moved(downlink: 100_000, uplink: 0)
        meter.idle(at: 4)
        #expect(abs(meter.joules(at: 4) - 5.3) < 1e-9)
        #expect(meter.activeSeconds(at: 4) == 10)
    }

    @Test func theNamedNetworksCarryTheirRadios() {
        #expect(NetworkProfile.lte.radio == .lte && NetworkProfile.threeG.radio == .umts)
        #expect(NetworkProfile.edge.radio == .edge && NetworkProfile.wifi.radio == .wifi)
        #expect([NetworkProfile.fast3G, .slow3G, .veryBad].allSatisfy { $0.radio == .umts })
    }

    /// One image over the modelled network: the radio is busy from the request to the body's last byte.
    @Test func theNetworkModelDrivesTheRadioWithItsTransfers() {
        let profile = NetworkProfile(name: "x", roundTrip: 0.1, downlinkBytesPerSecond: 100_000, uplinkBytesPerSecond: 40_000,
                                     source: "test", radio: .lte)
        var s = NetworkImageSource(profile: profile, byteSizes: [], defaultBytes: 50_000, decodeCost: 0.006,
                                   decodedBytes: 1000, connectionsPerHost: 6)
        s.begin(LoadTicket(id: 1, key: ImageKey(asset: 0)), time: 2)
        var done: [LoadCompletion] = []
        while let c = s.nextCompletion(upTo: 100) { done.append(c) }
        // Busy from 2 s to the last byte: the request up (0.01 s), the handshake and the round trip (0.2 s),
        // the body (0.5 s).
        let busy = 0.01 + 0.2 + 0.5
        #expect(done.count == 1 && abs((done[0].timing?.lastByte ?? 0) - (2 + busy)) < 1e-9)
        let expected = 0.2601 * 1.2107 + busy * 1.28804 + bytesJoules(.lte, down: 50_000, up: NetworkImageSource.requestBytes)
            + 11.576 * 1.060
        #expect(abs(s.traffic.radioJoules - expected) < 1e-9)
        #expect(abs(s.traffic.radioActiveSeconds - (0.2601 + busy + 11.576)) < 1e-9)
        // A disk hit moves nothing over the air.
        var cached = NetworkImageSource(profile: profile, diskByteLimit: 1_000_000, diskEntries: [0])
        cached.begin(LoadTicket(id: 1, key: ImageKey(asset: 0)), time: 0)
        while cached.nextCompletion(upTo: 100) != nil {}
        #expect(cached.traffic.diskHits == 1 && cached.traffic.radioJoules == 0)
    }
}
