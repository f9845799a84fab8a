import CFuzzerDriver
#if canImport(Glibc)
import Glibc
#endif

// The package manager links executables with its own entry symbol, so libFuzzer's `main` is not used:
// hand the command line to libFuzzer's driver instead, with the target `FUZZ_TARGET` names.
let target = FuzzTarget.selected
nonisolated(unsafe) var argc = CommandLine.argc
nonisolated(unsafe) var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(target == .parser
    ? LLVMFuzzerRunDriver(&argc, &argv, { data, size in FuzzTarget.parser.run(data!, size); return 0 })
    : LLVMFuzzerRunDriver(&argc, &argv, { data, size in FuzzTarget.model.run(data!, size); return 0 }))
