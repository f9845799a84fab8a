import LabKit
import ScrollLabCore
import Testing

@Suite struct KeyTableTests {
    let table = KeyTable.window

    /// Every key of every binding, with the scene it is pressed in (its own scene, or each scene).
    var presses: [(key: Key, scene: String, binding: KeyBinding)] {
        table.bindings.flatMap { binding in
            binding.keys.flatMap { key in
                (binding.scene.map { [$0] } ?? SceneKind.all.map(\.name)).map { (key, $0, binding) }
            }
        }
    }

    @Test func everyKeyDispatchesToItsBindingAndADistinctAction() {
        for scene in SceneKind.all.map(\.name) {
            var seen: [KeyAction: String] = [:]
            for press in presses where press.scene == scene {
                let dispatched = table.dispatch(press.key, scene: scene)
                #expect(dispatched?.binding.id == press.binding.id, "\(press.key) in \(scene)")
                guard let action = dispatched?.action else { continue }
                #expect(seen[action] == nil, "\(press.key) and \(seen[action] ?? "") both dispatch to \(action)")
                seen[action] = press.key.label
            }
        }
    }

    @Test func theGridsPolicyKeysAreThePoliciesInOrder() {
        let count = Swift.min(9, LoadingPolicyKind.allCases.count)
        let actions = (1...count).map { table.dispatch(.character(Character("\($0)")), scene: "grid")?.action }
        #expect(actions == (1...count).map { KeyAction.scene(SceneAction("policy", argument: $0, isPerPhone: true)) })
        if count < 9 { #expect(table.dispatch(.character(Character("\(count + 1)")), scene: "grid") == nil) }
    }

    @Test func aScenesKeysDoNothingInAnotherSceneButStayInTheTable() {
        #expect(table.dispatch("p", scene: "grid") == nil)
        #expect(table.dispatch("o", scene: "grid") == nil)
        #expect(table.dispatch("l", scene: "pager") == nil)
        #expect(table.dispatch("1", scene: "pager") == nil)
        #expect(table.bindings.first { $0.id == "paging" }?.scene == "pager")
        #expect(table.bindings.first { $0.id == "latency" }?.scene == "grid")
        #expect(table.dispatch("d", scene: "pager")?.action == .window(WindowAction(RateKey.self)))
        #expect(table.dispatch(.escape, scene: "grid")?.action == .window(WindowAction(QuitKey.self)))
    }

    @Test func aScenesKeysDispatchToSceneActionsNamedByTheirIdsAndTheLabsKeysToNone() {
        for binding in table.bindings {
            for key in binding.keys {
                guard let action = table.dispatch(key, scene: binding.scene ?? "grid")?.action else { continue }
                if case .scene(let own) = action {
                    #expect(binding.scene != nil, "\(binding.id) is lab-wide but dispatches to a scene")
                    // The policy keys share one action, told apart by their number.
                    #expect(own.id == binding.id || (own.id == "policy" && own.argument == key.digit), "\(binding.id): \(own)")
                } else if case .window(let window) = action {
                    // A window key's bindings are its type's (A is the grid's key, but the window runs it).
                    #expect(window.key.bindings.contains { $0.id == binding.id }, "\(binding.id) is not among \(window.key)'s bindings")
                }
            }
        }
    }

    @Test func bindingIdsAreUniqueAndNoKeyIsBoundTwiceInOneScene() {
        let ids = table.bindings.map(\.id)
        #expect(Set(ids).count == ids.count)
        for scene in SceneKind.all.map(\.name) {
            let keys = table.bindings.filter { $0.acts(on: scene) }.flatMap(\.keys)
            #expect(Set(keys).count == keys.count, "\(scene)")
        }
    }

    @Test func helpListsEveryBindingOnceWithItsSceneAfterThePointer() {
        let help = table.help
        #expect(Array(help.prefix(KeyTable.pointerHelp.count)) == KeyTable.pointerHelp)
        #expect(KeyTable.pointerHelp.map(\.key) == ["drag", "wheel", "pinch"])
        let entries = Array(help.dropFirst(KeyTable.pointerHelp.count))
        #expect(entries.count == table.bindings.count)
        for (entry, binding) in zip(entries, table.bindings) {
            #expect(entry == KeyTable.HelpEntry(key: binding.label, action: binding.description, scene: binding.scene))
            #expect(!entry.action.isEmpty)
        }
        // The keys that are not a policy's digit, in the help's order (the digits come from the registry).
        let fixed = ["D", "0", "B", "L", "C", "A", "K", "U", "X", "P", "O", "S", "T", "F5", "R", "Space", "[", "]", "F12", "H", "Esc"]
        #expect(entries.map(\.key).filter(fixed.contains) == fixed)
    }
}

@Suite struct TimelineKeyTests {
    @Test func spaceFreezesAndBracketsScrub() {
        let table = KeyTable.window
        #expect(table.dispatch(" ", scene: "grid")?.action == .window(WindowAction(FreezeTimelineKey.self)))
        #expect(table.dispatch("[", scene: "pager")?.action == .window(WindowAction(ScrubTimelineKey.self, argument: -1)))
        #expect(table.dispatch("]", scene: "photos")?.action == .window(WindowAction(ScrubTimelineKey.self, argument: 1)))
        #expect(Key.character(" ").label == "Space")
    }

    @Test func theFooterComesFromTheTableForEveryScene() {
        let table = KeyTable.window
        let kinds = Array(LoadingPolicyKind.allCases.prefix(9))
        let own = SceneKind.digitLabel(kinds.indices.filter { !kinds[$0].isPeer })
        let peers = SceneKind.digitLabel(kinds.indices.filter { kinds[$0].isPeer })
        #expect(table.footerHints(for: .grid).hasPrefix("\(own) policy · \(peers) peers · B problem · L source · C cache · S scene · H all keys"))
        // Every scene's own hints first, in its keys' order, then the lab-wide ones.
        for kind in SceneKind.all {
            let own = (kind.pointerHints + kind.keys.compactMap(\.footer)).joined(separator: " · ")
            #expect(table.footerHints(for: kind).hasPrefix(own.isEmpty ? "S scene" : own + " · S scene · H all keys"), "\(kind.name)")
        }
        #expect(table.footerHints(for: .pager).hasPrefix("P paging · O outline · "))
        #expect(table.footerHints(for: .photos).hasPrefix("Ctrl+wheel zoom · double click · S scene"))
        // A scene's keys are never in another scene's footer.
        #expect(!table.footerHints(for: .photos).contains("P paging"))
        #expect(!table.footerHints(for: .pager).contains("policy"))
    }

    @Test func digitKeysAreGivenByPositionAndZeroCyclesThemAll() {
        #expect(SceneKind.digitLabel([0, 1, 2, 3, 4]) == "1–5")
        #expect(SceneKind.digitLabel([6]) == "7")
        #expect(SceneKind.digitLabel([]) == "")
        #expect(SceneKind.digitLabel([0, 1, 2, 3, 4, 8]) == "1–5, 9")
        let count = LoadingPolicyKind.allCases.count
        #expect(SceneKind.policyKeysLabel == (count > 9 ? "1–9, 0" : "1–\(count)"))
        let zero = KeyTable.window.dispatch(.character("0"), scene: "grid")
        #expect(zero?.binding.id == "policy-next")
        #expect(zero?.action == .scene(SceneAction("policy", argument: 0, isPerPhone: true)), "0 dispatches \(String(describing: zero?.action))")
        #expect(KeyTable.window.dispatch(.character("0"), scene: "pager") == nil)
        // Every policy in the first nine has its digit.
        for (index, kind) in LoadingPolicyKind.allCases.prefix(9).enumerated() {
            let hit = KeyTable.window.dispatch(.character(Character("\(index + 1)")), scene: "grid")
            #expect(hit?.action == .scene(SceneAction("policy", argument: index + 1, isPerPhone: true)), "\(kind.rawValue) has no key \(index + 1)")
        }
    }
}
