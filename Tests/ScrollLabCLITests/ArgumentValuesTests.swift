import ArgumentParser
import LabKit
import ScrollLabCore
import Testing
@testable import ScrollLabCLI

/// The option values the command line takes are the registries' names.
@Suite struct ArgumentValuesTests {
    /// True when `names` holds `expected` in that order (with an extension's names anywhere between).
    private func holdsInOrder(_ names: [String], _ expected: [String]) -> Bool {
        var rest = names[...]
        for name in expected {
            guard let i = rest.firstIndex(of: name) else { return false }
            rest = rest[(i + 1)...]
        }
        return true
    }

    @Test func sceneNamesAreTheRegistrys() {
        let names = SceneKind.allValueStrings
        #expect(holdsInOrder(names, ["grid", "pager", "photos"]))
        #expect(Set(names).count == names.count && names.count == SceneKind.all.count)
        for name in names { #expect(SceneKind(argument: name)?.name == name) }
        for kind in SceneKind.all { #expect(SceneKind(argument: kind.name)?.name == kind.name) }
        #expect(SceneKind(argument: "album") == nil)
    }

    @Test func policyNamesAreTheRegistrysAndAll() {
        let names = PolicyChoice.allValueStrings
        // The lab's policies in key order, then the peers' own pipelines, then `all`.
        #expect(holdsInOrder(names, ["eager", "deferred", "target", "prefetch", "adaptive", "texture", "flutter", "glide",
                                     "compose", "flashlist", "chrome", "texture@shipped", "flutter@shipped", "glide@shipped",
                                     "compose@shipped", "flashlist@shipped"]))
        #expect(names.last == "all" && Set(names).count == names.count)
        #expect(names.count == LoadingPolicyKind.allCases.count + LoadingPolicyKind.allCases.filter(\.hasShippedPipeline).count + 1)
        for name in names.dropLast() { #expect(PolicyChoice(argument: name) != nil && PolicyChoice(argument: name) != .all) }
        for kind in LoadingPolicyKind.allCases { #expect(PolicyChoice(argument: kind.rawValue) == .one(PolicyVariant(kind))) }
        for kind in LoadingPolicyKind.allCases where kind.hasShippedPipeline {
            #expect(PolicyChoice(argument: kind.rawValue + "@shipped") == .one(PolicyVariant(kind, shipped: true)))
        }
        #expect(PolicyChoice(argument: "all") == .all)
        #expect(PolicyChoice(argument: "fastest") == nil)
    }
}
