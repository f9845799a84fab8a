import ScrollKit
import Testing
@testable import ScrollLabCore

/// Compare mode's layout: the window grows by a phone's pitch for each phone past the first.
@Suite struct PhoneViewportTests {
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
