/// What `replay --video` shows: the phone alone, or the whole window with the HUD.
package enum VideoLayout: String, CaseIterable, Sendable {
    case phones
    case window
}
