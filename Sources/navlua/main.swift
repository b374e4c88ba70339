#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// navlua's command line: parses, then calls into the bridge. Exit codes:
// 0 success, 1 a script or test failure, 2 a usage error.
//
// The arguments stay the bytes the shell passed (CommandLine.arguments
// would replace what is not UTF-8 with U+FFFD).
let argv: [[UInt8]] = (0..<Int(CommandLine.argc)).map { i in
    guard let p = CommandLine.unsafeArgv[i] else { return [] }
    return Array(UnsafeRawBufferPointer(start: p, count: strlen(p)))
}
exit(CommandLine.dispatch(argv))
