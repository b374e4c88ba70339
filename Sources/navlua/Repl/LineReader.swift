import CEditLine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavLuaEngine

/// What asking for one line of input gave.
enum LineInput: Equatable {
    /// The line's bytes as read, without its newline.
    case line([UInt8])
    /// Ctrl-C while typing: the line (and any unfinished chunk) is dropped.
    case cancelled
    /// Ctrl-D on an empty line, or the end of piped input.
    case endOfInput
}

/// Where the REPL reads its lines: libedit on a terminal, plain lines
/// otherwise.
protocol LineReader: AnyObject {
    func read(prompt: [UInt8]) -> LineInput
    /// Adds an entered chunk (possibly several lines) to the history.
    func remember(_ chunk: [UInt8])
}

/// Standard input that is not a terminal (`navlua repl < session.lua`):
/// prompts are still written, as lua.c does, and each line read after its
/// prompt, as Debian's lua5.4 (built with readline) echoes it, so that the
/// output reads like the session; there is no editing, history, completion
/// or live mode.
final class PlainLineReader: LineReader {
    func read(prompt: [UInt8]) -> LineInput {
        writeOut(bytes: prompt)
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        let n = getline(&buffer, &capacity, navlua_el_stdin())
        guard n >= 0, let buffer = buffer else { return .endOfInput }
        var line = Array(UnsafeRawBufferPointer(start: buffer, count: n))
        if line.last == 10 { line.removeLast() }
        writeOut(bytes: line + [10])
        return .line(line)
    }

    func remember(_ chunk: [UInt8]) {}
}

/// Standard output as a C stream: the same buffer Lua's print and libedit
/// write to, so everything comes out in order.
func writeOut(_ s: String) {
    navlua_el_write(s)
}

/// The same for bytes (a Lua string: any byte, NUL included).
func writeOut(bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { buf in
        buf.withMemoryRebound(to: CChar.self) { navlua_el_write_bytes($0.baseAddress, $0.count) }
    }
}
