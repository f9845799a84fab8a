import LabKit

extension SceneConfiguration {
    /// One run of `replay --headless`: its options, and the policy (`--policy all`) or phone (`--compare`)
    /// its lines are marked with.
    package struct HeadlessRun {
        package var options: SceneConfiguration
        package var policy: LoadingPolicyKind?
        package var phone: Int?
    }

    /// The runs `replay --headless` makes of these options: under `--policy all` one per policy in turn,
    /// under `--compare` one per phone, else one.
    package var headlessRuns: [HeadlessRun] {
        if policy == .all {
            return LoadingPolicyKind.allCases.map { kind in
                var options = self
                options.policy = .one(PolicyVariant(kind))
                return HeadlessRun(options: options, policy: kind, phone: nil)
            }
        }
        if !compare.isEmpty {
            return compare.enumerated().map { HeadlessRun(options: $1.applied(to: self), policy: nil, phone: $0) }
        }
        return [HeadlessRun(options: self, policy: nil, phone: nil)]
    }
}
