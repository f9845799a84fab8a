/// Synthetic gestures (shared with the lab's tests) for every test file of the physics.
@_exported import ScrollKitTestSupport
