import ArgumentParser
import LabKit
import ScrollLabCore
import Testing
@testable import ScrollLabCLI

/// The option values the command line takes are the registries' names.
@Suite struct ArgumentValuesTests {
    @Test func sceneNamesAreTheRegistrys() {
        #expect(SceneKind.allValueStrings == SceneKind.all.map(\.name))
        for kind in SceneKind.all { #expect(SceneKind(argument: kind.name)?.name == kind.name) }
        #expect(SceneKind(argument: "album") == nil)
    }

    @Test func policyNamesAreTheRegistrysAndAll() {
        #expect(PolicyChoice.allValueStrings == PolicyVariant.allNames + ["all"])
        for kind in LoadingPolicyKind.allCases { #expect(PolicyChoice(argument: kind.rawValue) == .one(PolicyVariant(kind))) }
        for kind in LoadingPolicyKind.allCases where kind.hasShippedPipeline {
            #expect(PolicyChoice(argument: kind.rawValue + "@shipped") == .one(PolicyVariant(kind, shipped: true)))
        }
        #expect(PolicyChoice(argument: "all") == .all)
        #expect(PolicyChoice(argument: "fastest") == nil)
    }
}
