import ArgumentParser
import LabKit
import ScrollKit

extension PagingMode: ExpressibleByArgument {}
extension LoadingPolicyKind: ExpressibleByArgument {}
extension FramePacing: ExpressibleByArgument {}
extension ScrollPhysicsKind: ExpressibleByArgument {}

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
