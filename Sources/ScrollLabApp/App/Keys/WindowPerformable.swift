import ScrollLabCore

/// A window key's window side (as `WindowPresentable` is a scene's): what a press does, and every answer
/// it can give. The key's type declares its bindings (`WindowKey`, ScrollLabCore); its conformance here,
/// in a file of its own, is all the app needs to perform it.
@MainActor
protocol WindowPerformable: WindowKey {
    /// Performs a press of the binding whose action is `action`, at `now`.
    static func perform(_ action: WindowAction, on app: LabApp, at now: AppTime)
    /// Every toast the key can answer with, in every state (each must show whole at 960×600:
    /// `KeyToastTextTests`); empty when the answer is no toast (the help itself, quitting).
    static var answers: [String] { get }
}
