/// What the writers write, told by a file name's extension: pictures are
/// SVG, traces Chrome's Trace Event JSON or JSON Lines, replays HTML. A name whose
/// extension is none of a writer's is refused, so that `a.png` never gets
/// SVG bytes; a name without an extension (`/dev/stdout`) gets the
/// writer's first format. Extensions are compared ignoring ASCII case.
public enum FileFormat: Equatable, Sendable {
    case svg
    case chromeJSON
    case jsonLines
    case html

    /// The formats of pictures (`navlua.render`, `--timeline`, `--filmstrip`).
    public static let pictures: [FileFormat] = [.svg]
    /// The formats of `--trace`.
    public static let traces: [FileFormat] = [.chromeJSON, .jsonLines]
    /// The formats of replays (`--html`, `navlua.html`).
    public static let replays: [FileFormat] = [.html]

    /// The extension that names the format, without its dot.
    public var fileExtension: String {
        switch self {
        case .svg: return "svg"
        case .chromeJSON: return "json"
        case .jsonLines: return "jsonl"
        case .html: return "html"
        }
    }

    /// What the refusal of `path` says, its bytes untouched: "cannot write
    /// 'a.png': its extension is not .svg (navlua writes pictures as SVG
    /// only)".
    public static func refusal(_ path: [UInt8], among formats: [FileFormat]) -> [UInt8] {
        let extensions = formats.map { "." + $0.fileExtension }
        let what = formats == traces
            ? "the trace as Chrome's Trace Event JSON or as JSON Lines"
            : formats == replays ? "replays as HTML pages" : "pictures as SVG only"
        return Array("cannot write '".utf8) + path
            + Array("': its extension is not \(extensions.joined(separator: " or ")) (navlua writes \(what))".utf8)
    }

    /// The format of `path` among `formats`: the one its extension names,
    /// the first one when it has no extension, nil when its extension is
    /// none of theirs.
    public static func of(_ path: [UInt8], among formats: [FileFormat]) -> FileFormat? {
        guard let ext = fileExtension(of: path) else { return formats.first }
        return formats.first { Array($0.fileExtension.utf8) == ext }
    }

    /// The extension of the path's last component, lowercased (ASCII), or
    /// nil when it has none (no dot past its first byte: `x`, `.hidden`).
    static func fileExtension(of path: [UInt8]) -> [UInt8]? {
        let name = path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).last ?? []
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > name.startIndex else { return nil }
        return name[(dot + 1)...].map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
    }
}
