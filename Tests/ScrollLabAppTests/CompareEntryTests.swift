import LabKit
import ScrollKit
import Testing
@testable import ScrollLabApp

/// `--compare A,B[,C,D]`: two to four phones, each a policy or a physics.
@Suite struct CompareEntryTests {
    @Test func policiesAndPhysicsAreNamed() throws {
        #expect(try CompareEntry.list("adaptive,deferred") == [.policy(.adaptive), .policy(.deferred)])
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
        var options = try SceneOptions.parse(["--latency-ms", "250"])
        options.physics = .android
        let phone = CompareEntry.policy(.texture).applied(to: options)
        #expect(phone.policy == .one(.texture) && phone.physics == .android && phone.latencyMs == 250)
        #expect(CompareEntry.physics(.ios).applied(to: options).physics == .ios)
    }

    /// The layout grows by a phone's pitch for each phone past the first; phones stand that far apart.
    @Test func phonesStandSideBySide() {
        #expect(PhoneViewport.layoutBase(phones: 1) == Size(width: 960, height: 600))
        #expect(PhoneViewport.layoutBase(phones: 4) == Size(width: 1980, height: 600))
        #expect(PhoneViewport(phone: 0) == PhoneViewport.standard)
        #expect(PhoneViewport(phone: 2).frame == Rect(x: 700, y: 60, width: 320, height: 480))
        #expect(PhoneViewport.span(of: [PhoneViewport(phone: 0).frame, PhoneViewport(phone: 1).frame])
                == Rect(x: 20, y: 60, width: 660, height: 480))
    }
}
