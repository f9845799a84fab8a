/// Every test file of the lab sees the lab's public API and the synthetic gestures shared with the
/// physics' tests; a file that needs the lab's internals adds `@testable import LabKit`.
@_exported import LabKit
@_exported import ScrollKitTestSupport
