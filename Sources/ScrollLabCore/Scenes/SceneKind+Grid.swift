import LabKit
import ScrollKit

extension SceneKind {
    /// The tile grid (seed 004): six recycled views, images, the loading policies (their digit keys), the seed
    /// problems, the source latency and the memory cache.
    public static let grid = SceneKind(name: "grid", axis: .vertical, keys: gridKeys) { settings in
        GridScene(configuration: settings.grid, source: settings.imageSource)
    }

    /// Every policy key as the HUD names them: `1–8`, or `1–9, 0` past nine policies.
    public static var policyKeysLabel: String {
        let count = LoadingPolicyKind.allCases.count
        return digitLabel(Array(0..<Swift.min(9, count))) + (count > 9 ? ", 0" : "")
    }

    /// How the help and the footer name digit keys (0-based indices): `1–5` for a run, `6` alone, `1–5, 9`.
    public static func digitLabel(_ indices: [Int]) -> String {
        var runs: [String] = []
        var start: Int?, last = -2
        for index in indices.sorted() + [Int.max] {
            if index != last + 1 {
                if let start { runs.append(start == last ? "\(start + 1)" : "\(start + 1)–\(last + 1)") }
                start = index
            }
            last = index
        }
        return runs.joined(separator: ", ")
    }

    /// The source latencies `L` cycles through, seconds (B-IMG-1).
    public static let latencySteps: [Double] = [0, 0.080, 0.250, 1.0]

    /// The grid's keys: the first nine policies by their position in `LoadingPolicyKind.allCases` (the
    /// seeds' and the lab's as one binding, the peers as another), `0` cycling through every policy
    /// (the only key for a tenth and after), then B, L, C, A (a window key: `CompareAllKey`), K and the
    /// content-touch switches U and X.
    private static var gridKeys: [KeyBinding] {
        let kinds = LoadingPolicyKind.allCases
        let digits = kinds.indices.prefix(9)
        let own = digits.filter { !kinds[$0].isPeer }
        var keys = [KeyBinding(id: "policy", keys: own.map { .character(Character("\($0 + 1)")) },
                               label: digitLabel(own),
                               description: "loading policy: " + own.map { kinds[$0].rawValue }.joined(separator: ", "),
                               footer: digitLabel(own) + " policy",
                               action: { key in .scene(SceneAction("policy", argument: key.digit ?? 0, isPerPhone: true)) })]
        // The peers share one entry (their systems are in `--help` and docs/policies.md): a lab with more
        // peers keeps a help that fits at 960×600.
        let peers = digits.filter { kinds[$0].isPeer }
        if !peers.isEmpty {
            keys.append(KeyBinding(id: "policy-peer", keys: peers.map { .character(Character("\($0 + 1)")) },
                                   label: digitLabel(Array(peers)),
                                   description: "peer policy: " + peers.map { kinds[$0].rawValue }.joined(separator: ", "),
                                   footer: digitLabel(Array(peers)) + " peers",
                                   action: { key in .scene(SceneAction("policy", argument: key.digit ?? 0, isPerPhone: true)) }))
        }
        keys.append(KeyBinding(id: "policy-next", key: "0",
                               description: "the next loading policy, cycling through all \(kinds.count)"
                                   + (kinds.count > 9 ? " (the only key for the tenth and after)" : ""),
                               action: .scene(SceneAction("policy", argument: 0, isPerPhone: true))))
        keys += [
            KeyBinding(id: "seed-problem", key: "b", description: "seed problem shown broken: off, 1, 2, 3 (Deferred, Target)",
                       footer: "B problem", action: .scene("seed-problem")),
            KeyBinding(id: "latency", key: "l",
                       description: "source latency " + latencySteps.map { "\(Int($0 * 1000))" }.joined(separator: "/")
                           + " ms; under --network the next network",
                       footer: "L source", action: .scene("latency")),
            KeyBinding(id: "clear-cache", key: "c", description: "clear the memory cache", footer: "C cache", action: .scene("clear-cache")),
        ] + CompareAllKey.bindings + [
            KeyBinding(id: "clear-disk-cache", key: "k", description: "clear the disk cache (--network, --source)",
                       action: .scene("clear-disk-cache")),
            KeyBinding(id: "delays-content-touches", key: "u",
                       description: "delaysContentTouches on / off (150 ms)",
                       action: .scene("delays-content-touches")),
            KeyBinding(id: "can-cancel-content-touches", key: "x",
                       description: "canCancelContentTouches on / off",
                       action: .scene("can-cancel-content-touches")),
        ]
        return keys
    }
}
