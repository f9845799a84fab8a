import LabKit
import ScrollKit

extension SceneKind {
    /// The tile grid (seed 004): six recycled views, images, the loading policies (keys 1–8), the seed
    /// problems, the source latency and the memory cache.
    public static let grid = SceneKind(name: "grid", axis: .vertical, keys: gridKeys) { settings in
        GridScene(configuration: settings.grid, source: settings.imageSource)
    }

    /// The source latencies `L` cycles through, seconds (B-IMG-1).
    public static let latencySteps: [Double] = [0, 0.080, 0.250, 1.0]

    /// The grid's keys: the lab's own policies as one binding (1–5), each peer on its own key, then B, L, C,
    /// and the content-touch switches U and X.
    private static var gridKeys: [KeyBinding] {
        let kinds = LoadingPolicyKind.allCases
        let own = kinds.indices.filter { !kinds[$0].isPeer }
        var keys = [KeyBinding(id: "policy", keys: own.map { .character(Character("\($0 + 1)")) },
                               label: "1–\(own.count)",
                               description: "loading policy: " + own.map { kinds[$0].rawValue }.joined(separator: ", "),
                               action: { key in key.digit.map(KeyAction.policy) ?? .policy(0) })]
        for index in kinds.indices where kinds[index].isPeer {
            keys.append(KeyBinding(id: "policy-\(kinds[index].rawValue)", key: .character(Character("\(index + 1)")),
                                   description: "peer: \(kinds[index].rawValue) (\(kinds[index].system))",
                                   action: .policy(index + 1)))
        }
        keys += [
            KeyBinding(id: "seed-problem", key: "b", description: "seed problem broken (Deferred, Target): 1 drag judged by flags, 2 no load after a glide, 3 none on a new drag",
                       action: .seedProblem),
            KeyBinding(id: "latency", key: "l",
                       description: "source latency: " + latencySteps.map { "\(Int($0 * 1000))" }.joined(separator: "/")
                           + " ms (under --network: the next network profile)",
                       action: .latency),
            KeyBinding(id: "clear-cache", key: "c", description: "clear the memory cache", action: .clearCache),
            KeyBinding(id: "compare-all", key: "a",
                       description: "play the last gesture under every policy in turn (same offset, cold cache): a fair table",
                       action: .compareAll),
            KeyBinding(id: "clear-disk-cache", key: "k", description: "clear the disk cache (under --network or --source): a cold start",
                       action: .clearDiskCache),
            KeyBinding(id: "delays-content-touches", key: "u",
                       description: "delaysContentTouches on / off (150 ms)",
                       action: .delaysContentTouches),
            KeyBinding(id: "can-cancel-content-touches", key: "x",
                       description: "canCancelContentTouches on / off",
                       action: .canCancelContentTouches),
        ]
        return keys
    }
}
