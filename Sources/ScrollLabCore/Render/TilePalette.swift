/// The identity colours of the six tile views (view #0–#5), so reuse can be watched.
package enum TilePalette {
    /// One strong colour per view; views beyond six cycle through them.
    package static let colours: [RGBA] = [
        RGBA(230, 70, 70),    // #0 red
        RGBA(240, 150, 40),   // #1 orange
        RGBA(200, 180, 30),   // #2 yellow
        RGBA(60, 170, 90),    // #3 green
        RGBA(60, 130, 230),   // #4 blue
        RGBA(160, 90, 220),   // #5 purple
    ]

    /// The identity colour of view `view`.
    package static func colour(ofView view: Int) -> RGBA {
        colours[((view % colours.count) + colours.count) % colours.count]
    }

    /// Text on the identity colour (the "view #k" header): dark on the light ones (yellow, orange),
    /// white on the others, whichever contrasts more (relative luminance above 150 of 255 takes dark).
    package static func headerText(ofView view: Int) -> RGBA {
        let c = colour(ofView: view)
        let luminance = 0.2126 * Double(c.r) + 0.7152 * Double(c.g) + 0.0722 * Double(c.b)
        return luminance > 150 ? .darkText : .text
    }

    /// A pale fill of the identity colour for the tile's body.
    package static func fill(ofView view: Int) -> RGBA {
        let c = colour(ofView: view)
        func pale(_ v: UInt8) -> UInt8 { UInt8((Int(v) + 3 * 255) / 4) }
        return RGBA(pale(c.r), pale(c.g), pale(c.b))
    }
}
