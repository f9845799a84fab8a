/// A key of the keyboard as the window's bindings name it: a character key (letters lower case,
/// digits) or one of the named keys the lab uses.
public enum Key: Hashable, Sendable {
    case character(Character)
    case escape
    case f5
    case f12

    /// How the help names the key (`D`, `Esc`, `F5`).
    public var label: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let c): return c.uppercased()
        case .escape: return "Esc"
        case .f5: return "F5"
        case .f12: return "F12"
        }
    }

    /// The digit of a digit key.
    public var digit: Int? {
        if case .character(let c) = self { return c.wholeNumberValue }
        return nil
    }
}

extension Key: ExpressibleByStringLiteral {
    /// A character key: `"d"`.
    public init(stringLiteral value: String) { self = .character(Character(value)) }
}

/// What a key does: the window performs its own keys (a `WindowKey`: every scene's keys, and the grid's A),
/// a scene its own (`SceneKind.keys`, dispatched to `scene`). Neither needs a case here for a new key.
public enum KeyAction: Hashable, Sendable {
    /// A key the window performs itself: its `WindowKey` type's window side.
    case window(WindowAction)
    /// A key of one scene's own (`SceneKind.keys`), performed by that scene.
    case scene(SceneAction)
}

/// A window key's action: the key's type, whose window side performs it, and the binding's argument
/// (−1 or +1 for the timeline's [ and ]).
public struct WindowAction: Hashable, Sendable, CustomStringConvertible {
    /// The key declared, a `WindowKey` type.
    public let key: any WindowKey.Type
    /// The argument of the binding pressed, if any.
    public let argument: Int?

    /// The action of `key`, with `argument`.
    public init(_ key: any WindowKey.Type, argument: Int? = nil) {
        self.key = key
        self.argument = argument
    }

    public static func == (a: WindowAction, b: WindowAction) -> Bool {
        ObjectIdentifier(a.key) == ObjectIdentifier(b.key) && a.argument == b.argument
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(key))
        hasher.combine(argument)
    }

    /// The key's type, and its argument: `ScrubTimelineKey(-1)`.
    public var description: String { "\(key)" + (argument.map { "(\($0))" } ?? "") }
}

/// A scene's own action, named by id: the app passes it to the scene without knowing it, so a scene's
/// new key needs no new `KeyAction` case.
public struct SceneAction: Hashable, Sendable {
    /// What the scene does, as it names it: the binding's id (`latency`), or one id for a family of
    /// bindings told apart by `argument` (`policy`).
    public var id: String
    /// The key's argument, if any: a policy's number (1–9 by position, 0 for the next one).
    public var argument: Int?
    /// In compare mode, acts on the phone under the pointer only (a policy key: each phone its own);
    /// otherwise on every phone.
    public var isPerPhone: Bool

    /// The action `id`, with `argument`; `isPerPhone` for an action each phone of compare mode takes alone.
    public init(_ id: String, argument: Int? = nil, isPerPhone: Bool = false) {
        self.id = id
        self.argument = argument
        self.isPerPhone = isPerPhone
    }
}

extension SceneAction: ExpressibleByStringLiteral {
    /// An action with no argument: `"latency"`.
    public init(stringLiteral id: String) { self.init(id) }
}

/// One row of the key table: the keys, the scene they act on (nil: every scene), what the help says
/// and the action a key press dispatches to.
public struct KeyBinding: Sendable {
    /// A stable name for the binding (`rate`, `policy`, `paging`), for tests and the help's renderer.
    public let id: String
    /// The keys that trigger it (several for a range such as 1–5).
    public let keys: [Key]
    /// How the help names the keys (`1–5`, `D`).
    public let label: String
    /// The scene the binding acts on, by name; nil when it acts on every scene.
    public internal(set) var scene: String?
    /// What it does, one line for the help.
    public let description: String
    /// What the footer's key line says of it (`1–5 policy`, `D rate`), nil when it leaves it to the help.
    public let footer: String?
    /// The action a press of `key` (one of `keys`) dispatches to.
    public let action: @Sendable (Key) -> KeyAction

    /// A binding of several keys whose action depends on the key pressed.
    public init(id: String, keys: [Key], label: String, scene: String? = nil, description: String, footer: String? = nil,
                action: @escaping @Sendable (Key) -> KeyAction) {
        self.id = id
        self.keys = keys
        self.label = label
        self.scene = scene
        self.description = description
        self.footer = footer
        self.action = action
    }

    /// A binding of one key to one action.
    public init(id: String, key: Key, scene: String? = nil, description: String, footer: String? = nil, action: KeyAction) {
        self.init(id: id, keys: [key], label: key.label, scene: scene, description: description, footer: footer,
                  action: { _ in action })
    }

    /// True when the binding acts on the scene named `scene`.
    public func acts(on scene: String) -> Bool { self.scene == nil || self.scene == scene }
}
