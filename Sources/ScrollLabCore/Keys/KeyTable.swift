
/// Every key the window understands (B-UI-2), in one table: the lab-wide bindings and each registered scene's
/// own. Both the dispatch of a key press and the help overlay are read from it.
public struct KeyTable: Sendable {
    /// One line of the help: the key, what it does, and the scene it is for (nil: every scene).
    public struct HelpEntry: Equatable, Sendable {
        public var key: String
        public var action: String
        public var scene: String?

        public init(key: String, action: String, scene: String? = nil) {
            self.key = key
            self.action = action
            self.scene = scene
        }
    }

    /// The bindings, in the help's order.
    public let bindings: [KeyBinding]

    /// A table of `bindings`.
    public init(bindings: [KeyBinding]) {
        self.bindings = bindings
    }

    /// The window's own keys that work in every scene, in the help's order: `leadingKeys` before the
    /// scenes' keys, `windowKeys` after. A new key of every scene is its `WindowKey` type named here.
    public static let leadingKeys: [any WindowKey.Type] = [RateKey.self]
    public static let windowKeys: [any WindowKey.Type] = [NextSceneKey.self, SlowMotionKey.self, RecordKey.self, ResetKey.self,
                                                          FreezeTimelineKey.self, ScrubTimelineKey.self, ScreenshotKey.self,
                                                          HelpKey.self, QuitKey.self]

    /// The window's table: the window's keys with each scene's keys after the rate, as the help lists them.
    public static let window = KeyTable(bindings: leadingKeys.flatMap { $0.bindings } + SceneKind.all.flatMap(\.keys)
                                            + windowKeys.flatMap { $0.bindings })

    /// The binding for `key` while the scene named `scene` is shown, with the action it dispatches to;
    /// nil when the key does nothing there.
    public func dispatch(_ key: Key, scene: String) -> (binding: KeyBinding, action: KeyAction)? {
        guard let binding = bindings.first(where: { $0.keys.contains(key) && $0.acts(on: scene) }) else { return nil }
        return (binding, binding.action(key))
    }

    /// The help: the pointer's two lines, then one entry per binding (a scene's keys marked with it).
    public var help: [HelpEntry] {
        Self.pointerHelp + bindings.map { HelpEntry(key: $0.label, action: $0.description, scene: $0.scene) }
    }

    /// Wheel distance per notch, in points of content offset.
    public static let wheelStep = 40.0

    /// What the pointer does (not keys, listed first in the help).
    public static let pointerHelp: [HelpEntry] = [
        HelpEntry(key: "drag", action: "scroll; let go while moving: fling"),
        HelpEntry(key: "wheel", action: "scroll \(Int(wheelStep)) pt per notch"),
        HelpEntry(key: "pinch", action: "Ctrl+wheel or two fingers: zoom (photos; double click too)"),
    ]

    /// The footer's key line for the scene `kind`: its pointer gestures and its own keys' hints first, then
    /// the hints of the keys of every scene — the scene and the help first, then the others (rate, slow
    /// motion, reset) in the table's order — as many as the footer holds.
    public func footerHints(for kind: SceneKind) -> String {
        let everyScene = bindings.filter { $0.scene == nil && $0.footer != nil }
        let first = ["next-scene", "help"]
        let common = first.compactMap { id in everyScene.first { $0.id == id }?.footer }
            + everyScene.filter { !first.contains($0.id) }.compactMap(\.footer)
        return (kind.pointerHints + kind.keys.compactMap(\.footer) + common).joined(separator: " · ")
    }
}
