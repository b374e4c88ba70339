import NavLuaEngine
import NavLuaVisuals

/// `navlua touches import --from getevent|cdp FILE [--screen WxH]
/// [--axes XMAX,YMAX]`: a device's touch log to navlua's records (JSON
/// Lines on standard output, manual §5.1), for navlua.replay_touches.
enum TouchesCommand {
    /// The options of `touches import`, declared once (`OptionDeclaration`):
    /// the parser switches over them, the usage and the manual's table are
    /// made from them.
    enum Option: String, CaseIterable {
        case from = "--from", screen = "--screen", axes = "--axes"

        var declaration: OptionDeclaration {
            switch self {
            case .from:
                OptionDeclaration(name: rawValue, argument: "getevent|cdp", help: "the log's kind: Android's `adb shell"
                                  + " getevent -lt` text (multi-touch protocol B), or Chrome DevTools Protocol"
                                  + " Input.dispatchTouchEvent JSON (lines or an array); required")
            case .screen:
                OptionDeclaration(name: rawValue, argument: "WxH", help: "the screen in points (default 390x844)")
            case .axes:
                OptionDeclaration(name: rawValue, argument: "XMAX,YMAX", help: "getevent: the raw ranges of"
                                  + " ABS_MT_POSITION_X/Y, as `getevent -p` prints them (default: the screen's size,"
                                  + " raw units taken as points)")
            }
        }
    }

    static var options: [OptionDeclaration] { Option.allCases.map(\.declaration) }

    static var usage: String {
        "usage: navlua touches import --from getevent|cdp FILE [--screen WxH] [--axes XMAX,YMAX]\n"
            + options.usageLines()
    }

    static func main(_ argv: [[UInt8]]) -> Int32 {
        let args = argv.dropFirst(2).map { String(decoding: $0, as: UTF8.self) }
        if args.first == "--help" || args.first == "-h" || (args.first == "import" && args.dropFirst().contains("--help")) {
            print(usage)
            return 0
        }
        guard args.first == "import" else { return fail(usage: "navlua touches: expected 'import'") }
        var from: String?, file: [UInt8]?
        var screen = (width: 390.0, height: 844.0)
        var axes: (x: Double, y: Double)?
        var i = 1
        let raw = Array(argv.dropFirst(2))
        while i < args.count {
            let a = args[i]
            func value() -> String? { i + 1 < args.count ? args[i + 1] : nil }
            switch Option(rawValue: a) {
            case .from:
                guard let v = value(), v == "getevent" || v == "cdp" else {
                    return fail(usage: "navlua touches import: --from takes getevent or cdp")
                }
                from = v
                i += 2
            case .screen:
                guard let v = value(), let pair = numbers(v, "x"), pair.0 > 0, pair.1 > 0 else {
                    return fail(usage: "navlua touches import: --screen takes WxH, two positive numbers (390x844)")
                }
                screen = (pair.0, pair.1)
                i += 2
            case .axes:
                guard let v = value(), let pair = numbers(v, ","), pair.0 > 0, pair.1 > 0 else {
                    return fail(usage: "navlua touches import: --axes takes XMAX,YMAX, two positive numbers")
                }
                axes = (pair.0, pair.1)
                i += 2
            case nil:
                guard !a.hasPrefix("--"), file == nil else {
                    return fail(usage: "navlua touches import: unrecognized option '\(a)'")
                }
                file = raw[i]
                i += 1
            }
        }
        guard let kind = from else { return fail(usage: "navlua touches import: --from is required") }
        guard let path = file else { return fail(usage: "navlua touches import: no FILE given") }
        let name = String(decoding: path, as: UTF8.self)
        do throws(NavError) {
            let text = String(decoding: try TouchLogFile.read(path: path), as: UTF8.self)
            let records = kind == "cdp"
                ? try CDPTouchLog.records(text, name: name)
                : try GeteventTouchLog(screen: screen, axes: axes ?? (screen.width, screen.height)).records(text, name: name)
            print(TouchLogFormat.write(records), terminator: "")
            return 0
        } catch {
            writeError(bytes: Array("navlua: \(error.message)\n".utf8))
            return 1
        }
    }

    private static func numbers(_ s: String, _ separator: Character) -> (Double, Double)? {
        let parts = s.split(separator: separator)
        guard parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), a.isFinite, b.isFinite else { return nil }
        return (a, b)
    }

    private static func fail(usage message: String) -> Int32 {
        writeError(bytes: Array("\(message)\n\(usage)\n".utf8))
        return 2
    }
}
