import CFuzzerDriver
#if canImport(Glibc)
import Glibc
#endif

// The package manager links executables with its own entry symbol, so libFuzzer's `main` is not used:
// hand the command line to libFuzzer's driver instead.
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, { data, size in fuzzOneInput(data!, size) }))
