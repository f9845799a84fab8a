/// A moment of the app on both its clocks, converted once where it enters — an SDL event, a frame, the
/// start or the end of the run (`PhoneDriver.time(atReal:)`) — and handed down from there.
package struct AppTime {
    /// App seconds (`AppClock`): what toasts fade on, and what the slow-motion switch re-anchors at.
    package var real: Double
    /// The model clock's seconds at that moment (`LabClock`, slowed by T): what the scenes step to and the
    /// trace stamps its lines with.
    package var model: Double

    package init(real: Double, model: Double) {
        self.real = real
        self.model = model
    }
}
