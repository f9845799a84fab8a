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

/// What a key does. The window performs the lab-wide actions; a scene performs its own (policy, seed
/// problem, latency, cache, paging mode, frame outline).
public enum KeyAction: Hashable, Sendable {
    /// Esc: closes the help when it is shown, else quits.
    case quit
    /// H: the help overlay.
    case toggleHelp
    /// D: deceleration rate normal / fast.
    case toggleRate
    /// T: slow motion 1× → 0.25× → 0.1×.
    case slowMotion
    /// F5: start / stop recording pointer samples.
    case record
    /// R: offset 0, the event list and the timeline cleared.
    case reset
    /// S: the next scene of the registry.
    case nextScene
    /// F12: a screenshot.
    case screenshot
    /// 1–9: the grid's loading policy by number (1-based, `LoadingPolicyKind.allCases` order); 0: the
    /// policy after the current one, cycling through every policy (those past the ninth included).
    case policy(Int)
    /// B: the next seed problem shown broken.
    case seedProblem
    /// L: the next image source latency.
    case latency
    /// C: the memory cache cleared.
    case clearCache
    /// K: the disk cache cleared.
    case clearDiskCache
    /// P: the pager's next paging mode.
    case pagingMode
    /// O: the pager's frame outline.
    case frameOutline
    /// U: the grid's `delaysContentTouches` on / off (B-TCH-1).
    case delaysContentTouches
    /// X: the grid's `canCancelContentTouches` on / off (B-TCH-1).
    case canCancelContentTouches
    /// A: the last gesture played under every policy in turn (the grid).
    case compareAll
    /// Space: the timeline frozen at the moment shown, or live again.
    case freezeTimeline
    /// [ and ]: a frozen timeline moved back (−1) or forward (+1) half a second.
    case scrubTimeline(Int)
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
