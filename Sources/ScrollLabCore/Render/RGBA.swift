/// An 8-bit RGBA colour for SDL drawing.
package struct RGBA: Equatable, Hashable {
    package var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    /// A colour from its components; opaque by default.
    package init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// The same colour with another alpha.
    package func withAlpha(_ a: UInt8) -> RGBA { RGBA(r, g, b, a) }

    /// The window background.
    package static let background = RGBA(24, 26, 30)
    /// The phone's body.
    package static let phoneBody = RGBA(10, 10, 12)
    /// The phone's screen behind the content.
    package static let screen = RGBA(236, 238, 242)
    /// The title bar.
    package static let titleBar = RGBA(248, 248, 250)
    /// Primary text on dark backgrounds.
    package static let text = RGBA(228, 230, 235)
    /// Secondary text on dark backgrounds.
    package static let dimText = RGBA(150, 155, 165)
    /// Dark text on light backgrounds.
    package static let darkText = RGBA(30, 32, 36)
    /// Section headings in the HUD.
    package static let heading = RGBA(120, 190, 255)
    /// The ghost outline of targetContentOffset.
    package static let ghost = RGBA(255, 80, 60)
    /// Flags that are on.
    package static let active = RGBA(110, 220, 120)
}
