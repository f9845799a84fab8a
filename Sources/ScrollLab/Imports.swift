/// The app is built on the lab (which re-exports the physics): every file of the app sees both.
@_exported import LabKit
