/// Maps app seconds to model seconds. Normally the identity; slow motion (T) runs the model at a
/// quarter speed from the moment it is switched on, without a jump.
struct ModelTimeline {
    private var appBase = 0.0
    private var modelBase = 0.0
    /// Model seconds per app second (1, or 0.25 in slow motion).
    private(set) var rate = 1.0

    /// The model time at app time `t`.
    func modelTime(_ t: Double) -> Double {
        modelBase + (t - appBase) * rate
    }

    /// Changes the rate at app time `t`, keeping model time continuous.
    mutating func setRate(_ newRate: Double, at t: Double) {
        modelBase = modelTime(t)
        appBase = t
        rate = newRate
    }
}
