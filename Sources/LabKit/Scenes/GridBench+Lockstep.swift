import ScrollKit

extension GridBench {
    /// Replays `events` under each of `variants`; returns the finished scenes in order. With the model's
    /// images they replay in lockstep on one scroll view (`GridSceneLockstep`: the motion is the same for
    /// every policy), else, or where the lockstep cannot stay equal to the runs alone, one by one.
    public func runAll(_ events: [PointerEvent], variants: [PolicyVariant]) -> [GridScene] {
        if external == nil, variants.count > 1 {
            let settings = variants.map { variant in
                var settings = configuration
                settings.policyVariant = variant
                return settings
            }
            if let scenes = GridSceneLockstep(configurations: settings, replay: replay)?.run(events) { return scenes }
        }
        return variants.map { run(events, variant: $0) }
    }
}
