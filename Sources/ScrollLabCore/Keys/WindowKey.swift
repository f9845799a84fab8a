/// A key the window performs itself, whatever the scene (or, like the grid's A, in one scene but with the
/// window's state): a caseless enum declaring its bindings — keys, help line, footer text — listed in
/// `KeyTable` (or in its scene's keys). What a press does is its window side, the type's `WindowPerformable`
/// conformance in the app (`Sources/ScrollLabApp/App/Keys`), found as a scene's window side is: a new key
/// needs no case and no switch anywhere.
public protocol WindowKey: Sendable {
    /// Its bindings, in the help's order: one, or several when one action has keys with lines of their
    /// own ([ and ], told apart by their `WindowAction.argument`).
    static var bindings: [KeyBinding] { get }
}

extension WindowKey {
    /// A binding of `key` to this key's action with `argument`: a stable `id`, the help's `description`,
    /// and the footer's text if the footer names it.
    public static func binding(id: String, key: Key, description: String, footer: String? = nil, argument: Int? = nil) -> KeyBinding {
        KeyBinding(id: id, key: key, description: description, footer: footer, action: .window(WindowAction(Self.self, argument: argument)))
    }
}
