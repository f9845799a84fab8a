import ScrollKit

extension GridBench {
    /// Replays `events` under each of `variants`; returns the finished scenes in order. With the model's
    /// images they replay in lockstep on one scroll view (`GridSceneLockstep`: the motion is the same for
    /// every policy), else, or where the lockstep cannot stay equal to the runs alone, one by one.
    public func runAll(_ events: [PointerEvent], variants: [PolicyVariant]) -> [GridScene] {
        lockstep(variants)?.run(events) ?? variants.map { run(events, variant: $0) }
    }

    /// The lockstep of `variants`' scenes, or nil where the scenes replay one by one: a real server's
    /// images, a single variant, or scenes that cannot share a scroll view.
    func lockstep(_ variants: [PolicyVariant]) -> GridSceneLockstep? {
        guard external == nil, variants.count > 1 else { return nil }
        let settings = variants.map { variant in
            var settings = configuration
            settings.policyVariant = variant
            return settings
        }
        return GridSceneLockstep(configurations: settings, replay: replay)
    }
}
