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
        #expect(PolicyChoice.allValueStrings == LoadingPolicyKind.allCases.map(\.rawValue) + ["all"])
        for kind in LoadingPolicyKind.allCases { #expect(PolicyChoice(argument: kind.rawValue) == .one(kind)) }
        #expect(PolicyChoice(argument: "all") == .all)
        #expect(PolicyChoice(argument: "fastest") == nil)
    }
}
