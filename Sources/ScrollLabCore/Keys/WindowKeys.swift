import LabKit

// The window's own keys, declared together (each one's window side is in `Sources/ScrollLabApp/App/Keys`).

/// Esc: closes the help when it is shown, else quits.
public enum QuitKey: WindowKey {
    public static let bindings = [binding(id: "quit", key: .escape, description: "quit")]
}

/// H: the help overlay.
public enum HelpKey: WindowKey {
    public static let bindings = [binding(id: "help", key: "h", description: "show / hide this help", footer: "H all keys")]
}

/// D: deceleration rate normal / fast.
public enum RateKey: WindowKey {
    public static let bindings = [binding(id: "rate", key: "d", description: "deceleration rate normal / fast", footer: "D rate")]
}

/// T: slow motion 1× → 0.25× → 0.1×.
public enum SlowMotionKey: WindowKey {
    public static let bindings = [binding(id: "slow-motion", key: "t", description: "slow motion: model clock 1× → 0.25× → 0.1×",
                                          footer: "T slow motion")]
}

/// F5: start / stop recording pointer samples.
public enum RecordKey: WindowKey {
    public static let bindings = [binding(id: "record", key: .f5,
                                          description: "record pointer samples (again: stop, write ./recordings/gesture-N.jsonl)")]
}

/// R: offset 0, the event list and the timeline cleared.
public enum ResetKey: WindowKey {
    public static let bindings = [binding(id: "reset", key: "r", description: "reset: offset 0, events, timeline, policy table",
                                          footer: "R reset")]
}

/// S: the next scene of the registry.
public enum NextSceneKey: WindowKey {
    public static let bindings = [binding(id: "next-scene", key: "s",
                                          description: "next scene: " + SceneKind.all.map(\.name).joined(separator: ", "),
                                          footer: "S scene")]
}

/// F12: a screenshot.
public enum ScreenshotKey: WindowKey {
    public static let bindings = [binding(id: "screenshot", key: .f12, description: "screenshot to ./screenshots/")]
}

/// Space: the timeline frozen at the moment shown, or live again.
public enum FreezeTimelineKey: WindowKey {
    public static let bindings = [binding(id: "freeze-timeline", key: " ", description: "freeze / unfreeze the timeline")]
}

/// [ and ]: a frozen timeline moved back (−1) or forward (+1) half a second.
public enum ScrubTimelineKey: WindowKey {
    public static let bindings = [
        binding(id: "scrub-back", key: "[", description: "frozen timeline: 0.5 s back", argument: -1),
        binding(id: "scrub-forward", key: "]", description: "frozen timeline: 0.5 s forward", argument: 1),
    ]
}

/// A (the grid's key, listed in its keys; the window runs it): the last gesture played under every policy
/// in turn.
public enum CompareAllKey: WindowKey {
    public static let bindings = [binding(id: "compare-all", key: "a",
                                          description: "replay the last gesture under every policy in turn: a fair table")]
}
