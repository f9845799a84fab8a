import ArgumentParser
import ScrollLabCore

extension SceneOptions {
    /// `--delays-content-touches`, `--can-cancel-content-touches`: UIKit's two switches for how a touch on
    /// a tile is shared between the tile and the scroll view.
    struct ContentTouches: ParsableArguments {
        @Option(name: .customLong("delays-content-touches"), help: "Hold a touch-down on a tile back 150 ms (UIKit's delaysContentTouches): on or off.")
        var delaysContentTouches: OnOff = .on

        @Option(name: .customLong("can-cancel-content-touches"), help: "Let a drag take a touch away from a tracking tile (UIKit's canCancelContentTouches): on or off.")
        var canCancelContentTouches: OnOff = .on
    }
}
