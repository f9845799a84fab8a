import CSDL
import ScrollLabCore

/// SDL's last error message as a Swift string.
func sdlErrorText() -> String {
    guard let text = SDL_GetError() else { return "unknown error" }
    let message = String(cString: text)
    return message.isEmpty ? "unknown error" : message
}
