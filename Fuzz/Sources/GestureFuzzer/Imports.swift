/// The fuzzer drives the lab's gesture files and scenes (LabKit re-exports the physics): every file sees both.
@_exported import LabKit
