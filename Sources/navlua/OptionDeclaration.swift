/// One command-line option, declared once: its name, the argument it takes
/// and a one-line help. The command's parser matches the name, the usage
/// text (`navlua --help`, `navlua touches import --help`) is made from the
/// declarations, and so are the manual's option tables:
/// scripts/manual_index.lua reads them from `navlua --declared-options
/// COMMAND` (one line per option: name, argument and help, tab-separated).
///
/// `navlua test`'s options are declared the same way in Lua
/// (NavLuaTestRunner/Lua/test_options.lua), `navlua explore`'s in
/// NavLuaBridge/Lua/explore.lua, where their parsers are.
struct OptionDeclaration {
    let name: String
    /// The value's placeholder (`SECONDS`); empty for a flag.
    let argument: String
    let help: String

    /// `  --timeout SECONDS     help`, the help from column `column`,
    /// wrapped at 100 columns (continued at `column`).
    func usageLine(column: Int) -> String {
        var left = "  " + name + (argument.isEmpty ? "" : " " + argument)
        var lines: [String] = []
        if left.count + 2 > column {
            lines.append(left)
            left = ""
        }
        var row = ""
        for word in help.split(separator: " ") {
            if !row.isEmpty && column + row.count + 1 + word.count > 100 {
                lines.append(padded(left, to: column) + row)
                left = ""
                row = String(word)
            } else {
                row += (row.isEmpty ? "" : " ") + word
            }
        }
        lines.append(padded(left, to: column) + row)
        return lines.joined(separator: "\n")
    }

    private func padded(_ s: String, to width: Int) -> String {
        s + String(repeating: " ", count: max(0, width - s.count))
    }

    /// The line `navlua --declared-options` prints.
    var record: String { name + "\t" + argument + "\t" + help }
}

extension Array where Element == OptionDeclaration {
    /// The declarations as usage lines, the help aligned two columns past
    /// the longest name and argument.
    func usageLines() -> String {
        let column = (map { 2 + $0.name.count + ($0.argument.isEmpty ? 0 : 1 + $0.argument.count) }.max() ?? 0) + 2
        return map { $0.usageLine(column: column) }.joined(separator: "\n")
    }
}

/// `navlua --declared-options COMMAND` (not in the usage: for
/// scripts/manual_index.lua): the declarations of `run` or `touches import`.
enum DeclaredOptions {
    static let commands: [(name: String, options: [OptionDeclaration])] = [
        ("run", RunOption.allCases.map(\.declaration)),
        ("touches import", TouchesCommand.options),
    ]

    static func main(_ argv: [[UInt8]]) -> Int32 {
        let name = argv.dropFirst(2).map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
        guard let command = commands.first(where: { $0.name == name }) else {
            return CommandLineError("--declared-options takes one of: "
                                    + commands.map(\.name).joined(separator: ", ")).report()
        }
        for option in command.options { print(option.record) }
        return 0
    }
}
