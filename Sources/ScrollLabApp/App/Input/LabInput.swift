import ScrollKit
import ScrollLabCore

/// One input the lab acts on, as `InputTranslator` makes it from SDL's events: what the app and the
/// phone driver understand, with no SDL type in it.
enum LabInput: Equatable {
    /// A sample for the scene — down, move, up, a pinch, a wheel scroll — in phone points, and the
    /// phone it is over (the one the touch began on, for moves and the lift).
    case pointer(PointerEvent, phone: Int)
    /// The mouse moved, no button down, onto phone `phone` (compare mode: the HUD follows it).
    case hover(phone: Int)
    /// The touch in progress was cancelled (the window lost the focus mid-drag).
    case cancel(time: Double)
    /// A key pressed (repeats are not keys).
    case key(Key)
    /// Ctrl + wheel over a scene that does not zoom: the app says where zooming is.
    case pinchRefused
    /// The window was resized.
    case resized
    /// The window's close button, or SIGINT / SIGTERM through SDL.
    case quit
}
