/// LabKit: the lab built on the physics (scenes, grid and pool, image loading and policies, gesture
/// files, replay, timeline, bench and soak experiments).
///
/// Its API speaks the physics' types (`Point`, `ScrollView`, `PointerEvent`), so it re-exports ScrollKit:
/// every file here, and every client of the lab, sees the physics without importing it again.
@_exported import ScrollKit
