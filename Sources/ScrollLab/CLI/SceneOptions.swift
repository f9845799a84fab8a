import ArgumentParser
import ScrollKit

/// The options that choose and configure a scene, shared by the window and `replay`.
struct SceneOptions: ParsableArguments {
    @Option(help: "Scene: grid or pager.")
    var scene: SceneOption = .grid

    @Option(help: "Paging mode of the pager scene: none, frame, snap or target.")
    var paging: PagingMode = .frame

    @Option(help: "Deceleration rate: normal (0.998) or fast (0.99).")
    var rate: RateOption = .normal

    @Option(help: "Image-loading policy of the grid: eager, deferred, target, prefetch or adaptive.")
    var policy: LoadingPolicyKind = .adaptive

    @Option(name: .customLong("latency-ms"), help: "Simulated image source latency in milliseconds.")
    var latencyMs: Double = 80

    @Option(help: "Number of grid items.")
    var items: Int = 500

    @Option(help: "Velocity estimator: lsq (least squares) or ios.")
    var estimator: EstimatorOption = .lsq

    func validate() throws {
        guard latencyMs.isFinite, latencyMs >= 0, latencyMs <= 60_000 else {
            throw ValidationError("--latency-ms must be between 0 and 60000")
        }
        guard items >= 0, items <= 1_000_000 else { throw ValidationError("--items must be between 0 and 1000000") }
    }

    /// The grid scene's configuration these options describe.
    var gridConfiguration: GridSceneConfiguration {
        var config = GridSceneConfiguration()
        config.itemCount = items
        config.policy = policy
        config.latency = latencyMs / 1000
        return config
    }

    /// A new headless scene as configured (the virtual image source for the grid).
    func makeScene() -> any LabScene {
        let lab: any LabScene
        switch scene {
        case .grid: lab = GridScene(configuration: gridConfiguration)
        case .pager: fail("scrolllab: the pager scene is not available yet")
        }
        lab.scrollView.decelerationRate = rate.rate
        lab.scrollView.velocityEstimator = estimator.kind
        return lab
    }
}
