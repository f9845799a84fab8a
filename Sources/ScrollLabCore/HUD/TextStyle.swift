/// Which face and size a piece of text uses: what the HUD's layout measures and the window's fonts draw
/// (`FontSet`).
package enum TextStyle: Int, CaseIterable {
    /// Labels and titles, DejaVu Sans 14 px.
    case label
    /// Headings, DejaVu Sans Bold 14 px.
    case heading
    /// Numbers and event lines, DejaVu Sans Mono 13 px.
    case mono
    /// The item index on a tile, DejaVu Sans Bold 44 px.
    case big
    /// Column headings of the policy table, DejaVu Sans 11 px.
    case small
}
