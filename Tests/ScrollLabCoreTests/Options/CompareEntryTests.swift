import LabKit
import ScrollKit
import Testing
@testable import ScrollLabCore

/// `--compare A,B[,C,D]`: two to four phones, each a policy or a physics.
@Suite struct CompareEntryTests {
    @Test func policiesAndPhysicsAreNamed() throws {
        #expect(try CompareEntry.list("adaptive,deferred") == [.policy(PolicyVariant(.adaptive)), .policy(PolicyVariant(.deferred))])
        // A peer on its system's own pipeline is a phone of its own, named with its suffix.
        let shipped = try CompareEntry.list("texture,texture@shipped")
        #expect(shipped == [.policy(PolicyVariant(.texture)), .policy(PolicyVariant(.texture, shipped: true))])
        #expect(shipped.map(\.name) == ["texture", "texture@shipped"])
        #expect(throws: (any Error).self) { try CompareEntry.list("adaptive,adaptive@shipped") }
        #expect(try CompareEntry.list("ios, android,flutter-bouncing") == [.physics(.ios), .physics(.android), .physics(.flutterBouncing)])
    }

    @Test func twoToFourPhonesOfKnownNames() {
        #expect(throws: (any Error).self) { try CompareEntry.list("adaptive") }
        #expect(throws: (any Error).self) { try CompareEntry.list("eager,deferred,target,prefetch,adaptive") }
        #expect(throws: (any Error).self) { try CompareEntry.list("adaptive,nonsense") }
        #expect(throws: (any Error).self) { try CompareEntry.list("adaptive,") }
    }

    /// Each phone is the command line's scene with its one setting changed.
    @Test func anEntryChangesOneSetting() throws {
        var options = SceneConfiguration()
        options.latencyMs = 250
        options.physics = .android
        let phone = CompareEntry.policy(PolicyVariant(.texture)).applied(to: options)
        #expect(phone.policy == .one(PolicyVariant(.texture)) && phone.physics == .android && phone.latencyMs == 250)
        #expect(CompareEntry.physics(.ios).applied(to: options).physics == .ios)
    }
}
