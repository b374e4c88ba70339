#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// EmbedLuaTool [--enum NAME] OUTPUT FILE...: writes OUTPUT, a Swift file
// declaring `enum EmbeddedLua` (or NAME) with one static string per file,
// named after it in lower camel case (spec_driver.lua -> specDriver,
// replay.js -> replayJs). Run by the EmbedLua build tool plugin; see
// Plugins/EmbedLua.
//
// Each text is a raw string literal whose delimiter has one '#' more than
// the longest run of '#' in the file, so nothing in the file can end the
// literal or start an escape: the string is the file, byte for byte.

/// Reads a whole file; nil when it cannot be read.
func readFile(_ path: String) -> [UInt8]? {
    guard let f = fopen(path, "rb") else { return nil }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&chunk, 1, chunk.count, f)
        if n > 0 { bytes += chunk[0..<n] }
        if n < chunk.count { return ferror(f) == 0 ? bytes : nil }
    }
}

/// The Swift name for a file: its base name in lower camel case.
func swiftName(_ path: String) -> String {
    let file = path.split(separator: "/").last.map(String.init) ?? path
    let base = file.hasSuffix(".lua") ? String(file.dropLast(4)) : file
    let words = base.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
    guard let first = words.first else { return "lua" }
    let name = first.lowercased() + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    return name.first!.isNumber ? "lua" + name : name
}

/// Why a file cannot be embedded, if it cannot: Swift refuses control
/// characters other than tab and newline in a literal, and a carriage
/// return would be read as a line break.
func problem(_ bytes: [UInt8]) -> String? {
    if let bad = bytes.firstIndex(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A || $0 == 0x7F }) {
        let line = bytes[..<bad].filter { $0 == 0x0A }.count + 1
        return "line \(line): control character \(bytes[bad]) (only tab and newline can be embedded)"
    }
    return nil
}

/// A raw string literal holding exactly `text`.
func literal(_ text: String, bytes: [UInt8]) -> String {
    var longest = 0, run = 0
    for b in bytes {
        run = b == UInt8(ascii: "#") ? run + 1 : 0
        longest = max(longest, run)
    }
    let hashes = String(repeating: "#", count: longest + 1)
    // The newline after the opening quotes and the one before the closing
    // quotes are not part of a multi-line literal's value.
    return hashes + "\"\"\"\n" + text + "\n\"\"\"" + hashes
}

func fail(_ message: String) -> Never {
    var text = "EmbedLuaTool: " + message + "\n"
    _ = text.withUTF8 { write(2, $0.baseAddress, $0.count) }
    exit(1)
}

var arguments = CommandLine.arguments.dropFirst()
var enumName = "EmbeddedLua"
if arguments.first == "--enum" {
    arguments = arguments.dropFirst()
    guard let name = arguments.first else { fail("--enum needs a name") }
    enumName = name
    arguments = arguments.dropFirst()
}
guard let output = arguments.first else { fail("usage: EmbedLuaTool [--enum NAME] OUTPUT FILE...") }
var swift = "// Written by EmbedLuaTool (Plugins/EmbedLua) at build time; do not edit.\n\n"
swift += "/// The files of this target's \(enumName == "EmbeddedLua" ? "Lua" : "Web")/ folder, as they are.\n"
swift += "enum \(enumName) {\n"
var names: Set<String> = []
for path in arguments.dropFirst() {
    guard let bytes = readFile(path) else { fail("cannot read \(path)") }
    guard let text = String(validating: bytes, as: UTF8.self) else { fail("\(path) is not UTF-8") }
    if let p = problem(bytes) { fail("\(path): \(p)") }
    let name = swiftName(path)
    guard names.insert(name).inserted else { fail("two files are both named '\(name)' in Swift") }
    let file = path.split(separator: "/").last.map(String.init) ?? path
    swift += "    /// \(file)\n"
    swift += "    static let \(name) = " + literal(text, bytes: bytes) + "\n\n"
}
swift += "}\n"
guard let out = fopen(output, "wb") else { fail("cannot write \(output)") }
let written = swift.utf8CString.withUnsafeBufferPointer { fputs($0.baseAddress!, out) }
if written < 0 || fclose(out) != 0 { fail("cannot write \(output)") }
