import Foundation
import LabKit
import ScrollKit

/// One phone of compare mode (`--compare adaptive,deferred`): a loading policy, or a physics
/// (`--compare ios,android`); the phone is the command line's scene with that one setting changed.
package enum CompareEntry: Equatable, Sendable {
    case policy(PolicyVariant)
    case physics(ScrollPhysicsKind)

    /// The entry named `name`: a policy's or a physics' name (the two sets of names are apart).
    init?(name: String) {
        if let variant = PolicyVariant(name: name) {
            self = .policy(variant)
        } else if let physics = ScrollPhysicsKind(rawValue: name) {
            self = .physics(physics)
        } else {
            return nil
        }
    }

    /// Its name on the command line and above its phone.
    package var name: String {
        switch self {
        case let .policy(variant): return variant.name
        case let .physics(kind): return kind.rawValue
        }
    }

    /// Why a `--compare` list was refused, in one line.
    package struct ListError: Error {
        package let message: String
    }

    /// `A,B[,C,D]`: two to four entries; throws a line naming what is wrong.
    package static func list(_ argument: String) throws(ListError) -> [CompareEntry] {
        let names = argument.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard (2...4).contains(names.count) else {
            throw ListError(message: "--compare takes 2 to 4 phones, comma-separated (got \(names.count))")
        }
        var entries: [CompareEntry] = []
        for name in names {
            guard let entry = CompareEntry(name: name) else {
                throw ListError(message: "--compare: '\(name)' is neither a policy ("
                    + PolicyVariant.allNames.joined(separator: ", ") + ") nor a physics ("
                    + ScrollPhysicsKind.allCases.map(\.rawValue).joined(separator: ", ") + ")")
            }
            entries.append(entry)
        }
        return entries
    }

    /// `options` with this entry's setting.
    package func applied(to options: SceneConfiguration) -> SceneConfiguration {
        var options = options
        switch self {
        case let .policy(kind): options.policy = .one(kind)
        case let .physics(kind): options.physics = kind
        }
        return options
    }
}
