import LabKit
import ScrollKit

/// The grid's `ImageSource` in the window: forwards to the render thread's `ImageLoader`.
struct SDLImageSource: ImageSource {
    /// The loader doing the work.
    let loader: ImageLoader

    mutating func begin(_ ticket: LoadTicket, time: Double) { loader.begin(ticket, time: time) }

    mutating func cancel(_ ticket: LoadTicket) { loader.cancel(ticket) }

    mutating func nextCompletion(upTo time: Double) -> LoadCompletion? { loader.nextCompletion(upTo: time) }
}
