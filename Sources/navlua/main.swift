#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// navlua's command line: parses, then calls into the bridge. Exit codes:
// 0 success, 1 a script or test failure, 2 a usage error.
exit(CommandLine.dispatch(CommandLine.rawArguments))
