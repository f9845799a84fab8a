import Foundation
import LabKit
import ScrollKit

/// An `on|off` setting (the content-touch switches).
package enum OnOff: String, CaseIterable, Sendable {
    case on, off

    /// True for `on`.
    package var isOn: Bool { self == .on }
}

/// The `--rate` values: UIKit's two deceleration rates.
package enum RateOption: String, CaseIterable, Sendable {
    /// 0.998 per ms.
    case normal
    /// 0.99 per ms.
    case fast

    /// The deceleration rate this option selects.
    package var rate: DecelerationRate { self == .normal ? .normal : .fast }
}

/// One loading policy on the shared pipeline, a peer on its system's own pipeline (`texture@shipped`),
/// or `all` (`replay --headless`: every policy in turn on the same gesture, one `end` line each, for a
/// fair comparison).
package enum PolicyChoice: Equatable, Sendable {
    case one(PolicyVariant)
    case all

    /// `all`, or a policy variant's name.
    package init?(name: String) {
        if name == "all" {
            self = .all
        } else if let variant = PolicyVariant(name: name) {
            self = .one(variant)
        } else {
            return nil
        }
    }

    /// Every name `init(name:)` takes: each policy variant's, then `all`.
    package static var names: [String] { PolicyVariant.allNames + ["all"] }

    /// The policy of a single run (`all` runs each; where one is needed it stands for the default).
    package var kind: LoadingPolicyKind { variant.kind }

    /// The policy and its pipeline of a single run.
    package var variant: PolicyVariant {
        if case let .one(variant) = self { return variant }
        return PolicyVariant(.adaptive)
    }
}

/// Where the disk cache keeps its files, or none (`--disk-cache DIR|on|off`). `on` is the command's own
/// disk cache, as when the option is left out: the window's default folder, the headless commands' modelled
/// one (empty at the start of each run). A folder named `on` or `off` is given as `./on`.
package enum DiskCacheChoice: Equatable, Sendable {
    case on
    case off
    case directory(String)

    /// `on`, `off`, or a folder (not empty).
    package init?(name: String) {
        switch name {
        case "on": self = .on
        case "off": self = .off
        case "": return nil
        default: self = .directory(name)
        }
    }

    /// The default folder: `$XDG_CACHE_HOME/scrolllab/images`, else `~/.cache/scrolllab/images`. Only an
    /// absolute path counts (XDG's rule, kept for `HOME` too): an empty or relative `HOME` (`env -i`, some
    /// service managers) gives the user's home from the password database, not `/.cache` or a folder under
    /// wherever the program started.
    package static var defaultDirectory: String {
        defaultDirectory(environment: ProcessInfo.processInfo.environment)
    }

    /// `defaultDirectory` under `environment`.
    package static func defaultDirectory(environment env: [String: String]) -> String {
        func absolute(_ path: String?) -> String? { path.flatMap { $0.hasPrefix("/") ? $0 : nil } }
        let home = absolute(env["HOME"]) ?? absolute(getpwuid(getuid()).flatMap { $0.pointee.pw_dir.map { String(cString: $0) } })
            ?? NSHomeDirectory()
        let base = absolute(env["XDG_CACHE_HOME"]) ?? ((home == "/" ? "" : home) + "/.cache")
        return base + "/scrolllab/images"
    }
}
