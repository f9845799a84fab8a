import LabKit
import ScrollKit

extension SceneKind {
    /// The pager (seed 002): padded bubbles with bleeding neighbours, three paging modes (P), the
    /// frame outline (O), a linked title strip and a parallax background.
    public static let pager = SceneKind(name: "pager", axis: .horizontal, keys: [
        KeyBinding(id: "paging", key: "p",
                   description: "paging mode: " + PagingMode.allCases.map(\.rawValue).joined(separator: ", "),
                   footer: "P paging", action: .scene("paging")),
        KeyBinding(id: "frame-outline", key: "o", description: "outline the scroll view's frame (vs. the visible area)",
                   footer: "O outline", action: .scene("frame-outline")),
    ]) { settings in
        PagerScene(mode: settings.paging)
    }
}
