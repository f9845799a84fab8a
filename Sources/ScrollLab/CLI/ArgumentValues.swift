import ArgumentParser
import ScrollKit

extension PagingMode: ExpressibleByArgument {}
extension LoadingPolicyKind: ExpressibleByArgument {}
extension FramePacing: ExpressibleByArgument {}

/// The `--scene` values.
enum SceneOption: String, ExpressibleByArgument, CaseIterable {
    /// The tile grid with six recycled views and images.
    case grid
    /// The horizontal pager of bubbles with its three paging modes.
    case pager
    /// The pager of zooming photos (PhotoScroller).
    case photos
}

/// An `on|off` option value (the content-touch switches).
enum Switch: String, ExpressibleByArgument, CaseIterable {
    case on, off

    /// True for `on`.
    var isOn: Bool { self == .on }
}

/// The `--rate` values: UIKit's two deceleration rates.
enum RateOption: String, ExpressibleByArgument, CaseIterable {
    /// 0.998 per ms.
    case normal
    /// 0.99 per ms.
    case fast

    /// The deceleration rate this option selects.
    var rate: DecelerationRate { self == .normal ? .normal : .fast }
}
