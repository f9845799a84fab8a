import ArgumentParser
import ScrollKit
import ScrollLabCore

extension SceneOptions {
    /// `--physics`, `--estimator`: how a fling is read from the finger (the velocity estimator) and how it
    /// then moves (the scroll physics).
    struct Fling: ParsableArguments {
        @Option(help: ArgumentHelp("Scroll physics of the fling (default ios): "
                                   + ScrollPhysicsKind.allCases.map { "\($0.rawValue) (\($0.summary))" }.joined(separator: "; ") + "."))
        var physics: ScrollPhysicsKind = .ios

        @Option(help: "Velocity estimator: ios (UIKit-like, default) or lsq (least squares).")
        var estimator: EstimatorOption = .ios
    }
}
