import ArgumentParser
import LabKit
import ScrollKit
import ScrollLabCore

extension SceneOptions {
    /// `--scene`, `--paging`, `--rate`: which scene, and how its scroll view pages and decelerates.
    struct Choice: ParsableArguments {
        @Option(help: ArgumentHelp("Scene: " + SceneKind.all.map(\.name).joined(separator: " or ") + "."))
        var scene: SceneKind = .grid

        @Option(help: "Paging mode of the pager scene: none, frame, snap or target.")
        var paging: PagingMode = .frame

        @Option(help: "Deceleration rate: normal (0.998) or fast (0.99).")
        var rate: RateOption = .normal
    }
}
