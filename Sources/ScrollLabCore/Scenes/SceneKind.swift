import LabKit
import ScrollKit

/// One kind of scene the lab shows: its name (`--scene`, `S`, the HUD), the axis it scrolls along
/// (the timeline's), how to build it from the scene settings, and the keys that act on it alone.
///
/// The registry is `SceneKind.all`. A kind is declared in its own file (`SceneKind+Grid.swift`); the
/// window side of a scene (its adapter, renderer and HUD rows) is its scene type's `WindowPresentable`
/// conformance in the app (`Sources/ScrollLabApp/Scenes`).
public struct SceneKind: Sendable {
    /// The scene's name on the command line and in the HUD (`grid`); also the `LabScene.name` of what
    /// `make` builds.
    public let name: String
    /// The axis the scene scrolls along.
    public let axis: Axis
    /// The keys that act on this scene only (the others do nothing while it is shown).
    public let keys: [KeyBinding]
    /// What the pointer does here beyond dragging, first in the footer (`Ctrl+wheel zoom`).
    public let pointerHints: [String]
    /// Builds a new scene from the settings (the deceleration rate and the estimator are applied after).
    public let make: @Sendable (SceneSettings) -> any LabScene

    /// Declares a kind.
    public init(name: String, axis: Axis, keys: [KeyBinding] = [], pointerHints: [String] = [],
                make: @escaping @Sendable (SceneSettings) -> any LabScene) {
        self.name = name
        self.axis = axis
        self.pointerHints = pointerHints
        self.keys = keys.map { var key = $0; key.scene = name; return key }
        self.make = make
    }

    /// Every scene, in the order `S` cycles through them. A new scene is one line here.
    public static let all: [SceneKind] = [.grid, .pager, .photos]

    /// The kind named `name`, if any.
    public static func named(_ name: String) -> SceneKind? {
        all.first { $0.name == name }
    }

    /// The kind after this one in `all` (`S`), wrapping around.
    public var next: SceneKind {
        let index = Self.all.firstIndex(of: self) ?? 0
        return Self.all[(index + 1) % Self.all.count]
    }
}

extension SceneKind: Equatable {
    public static func == (a: SceneKind, b: SceneKind) -> Bool { a.name == b.name }
}

/// What a scene is built from: the scene options of the command line, resolved.
public struct SceneSettings {
    /// The pager's paging mode.
    public var paging: PagingMode
    /// The grid's configuration (items, policy, seed problem, latency, images).
    public var grid: GridSceneConfiguration
    /// Where the grid's images come from (nil: a virtual source with the configured latency).
    public var imageSource: (any ImageSource)?
    /// The photos scene's photo sizes, one per image (empty: `grid.assetCount` photos of the bundled size).
    public var photoSizes: [Size]

    /// Settings; the defaults are the command line's.
    public init(paging: PagingMode = .frame, grid: GridSceneConfiguration = GridSceneConfiguration(),
                imageSource: (any ImageSource)? = nil, photoSizes: [Size] = []) {
        self.paging = paging
        self.grid = grid
        self.imageSource = imageSource
        self.photoSizes = photoSizes
    }
}
