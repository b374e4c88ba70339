/// The script of a command line (`navlua FILE`, `navlua -i FILE`), as
/// lua.c's handle_script opens it: '-' is standard input unless it follows
/// '--'.
struct ScriptFile {
    /// The file's name as given; nil for standard input.
    let path: [UInt8]?

    /// `script` is the script's index in argv.
    init(_ argv: [[UInt8]], _ script: Int) {
        let name = argv[script]
        let stdin = name == [UInt8(ascii: "-")] && argv[script - 1] != Array("--".utf8)
        path = stdin ? nil : name
    }
}
