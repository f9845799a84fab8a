
/// Every key the window understands, in one table: the lab-wide bindings and each registered scene's
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

    /// The window's table: the lab-wide keys with each scene's keys after the rate, as the help lists them.
    public static let window = KeyTable(bindings: [rate] + SceneKind.all.flatMap(\.keys) + labWide)

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

    static let rate = KeyBinding(id: "rate", key: "d", description: "deceleration rate normal / fast", footer: "D rate",
                                 action: .toggleRate)

    /// The footer's key line for the scene `kind`: its pointer gestures and its own keys' hints first, then
    /// the lab-wide keys' (scene, help, rate, slow motion, reset), as many as the footer holds.
    public func footerHints(for kind: SceneKind) -> String {
        let common = ["next-scene", "help", "rate", "slow-motion", "reset"]
            .compactMap { id in bindings.first { $0.id == id }?.footer }
        return (kind.pointerHints + kind.keys.compactMap(\.footer) + common).joined(separator: " · ")
    }

    static let labWide: [KeyBinding] = [
        KeyBinding(id: "next-scene", key: "s",
                   description: "next scene: " + SceneKind.all.map(\.name).joined(separator: ", "), footer: "S scene",
                   action: .nextScene),
        KeyBinding(id: "slow-motion", key: "t", description: "slow motion: model clock 1× → 0.25× → 0.1×",
                   footer: "T slow motion", action: .slowMotion),
        KeyBinding(id: "record", key: .f5,
                   description: "record pointer samples (again: stop, write ./recordings/gesture-N.jsonl)",
                   action: .record),
        KeyBinding(id: "reset", key: "r", description: "reset: offset 0, events, timeline, policy table",
                   footer: "R reset", action: .reset),
        KeyBinding(id: "freeze-timeline", key: " ", description: "freeze / unfreeze the timeline",
                   action: .freezeTimeline),
        KeyBinding(id: "scrub-back", key: "[", description: "frozen timeline: 0.5 s back", action: .scrubTimeline(-1)),
        KeyBinding(id: "scrub-forward", key: "]", description: "frozen timeline: 0.5 s forward", action: .scrubTimeline(1)),
        KeyBinding(id: "screenshot", key: .f12, description: "screenshot to ./screenshots/", action: .screenshot),
        KeyBinding(id: "help", key: "h", description: "show / hide this help", footer: "H all keys", action: .toggleHelp),
        KeyBinding(id: "quit", key: .escape, description: "quit", action: .quit),
    ]
}
