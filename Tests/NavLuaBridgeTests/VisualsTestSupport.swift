import Foundation
import XCTest
@testable import NavLuaEngine
@testable import NavLuaVisuals
@testable import NavLuaBridge
@testable import NavLuaTestRunner
import NavLuaTestSupport

/// Checks for the pictures and traces that do not trust navlua's own
/// writers: python3's json and xml.etree parse what we wrote.
enum Python {
    /// Runs `python3 -c script path...`; its standard output, or a test
    /// failure with its standard error.
    static func run(_ script: String, _ arguments: [String], file: StaticString = #filePath,
                    line: UInt = #line) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do { try process.run() } catch {
            XCTFail("cannot run python3: \(error)", file: file, line: line)
            return nil
        }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            XCTFail("python3 failed: \(String(decoding: errors, as: UTF8.self))", file: file, line: line)
            return nil
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Parses `text` as strict JSON (NaN and Infinity refused) and returns
    /// it as Foundation objects.
    static func json(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Any? {
        let path = temporaryFile("json", text)
        let script = """
        import json, sys
        def refuse(name): raise ValueError("not JSON: " + name)
        with open(sys.argv[1], encoding="utf-8") as f:
            value = json.load(f, parse_constant=refuse)
        print(json.dumps(value))
        """
        guard let out = run(script, [path], file: file, line: line) else { return nil }
        return try? JSONSerialization.jsonObject(with: Data(out.utf8), options: [.fragmentsAllowed])
    }

    /// Parses `svg` with xml.etree; every element with its attributes, the
    /// `data-frame` of the nearest enclosing element that has one, and its
    /// text.
    static func svgElements(_ svg: String, file: StaticString = #filePath, line: UInt = #line) -> [SVGElement]? {
        let path = temporaryFile("svg", svg)
        let script = """
        import json, sys, xml.etree.ElementTree as ET
        root = ET.parse(sys.argv[1]).getroot()
        out = []
        def walk(e, frame, parent):
            frame = e.get("data-frame", frame)
            tag = e.tag.split("}")[-1]
            out.append({"tag": tag, "attrib": dict(e.attrib), "frame": frame,
                        "parent": parent, "text": e.text or ""})
            for c in e:
                walk(c, frame, e.get("class", ""))
        walk(root, None, "")
        print(json.dumps(out))
        """
        guard let out = run(script, [path], file: file, line: line),
              let list = try? JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String: Any]] else {
            return nil
        }
        return list.map(SVGElement.init)
    }

    static func temporaryFile(_ ext: String, _ text: String) -> String {
        let path = NSTemporaryDirectory() + "navlua-visuals-\(UUID().uuidString).\(ext)"
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }
}

/// One element of a parsed SVG.
struct SVGElement {
    let tag: String
    let attributes: [String: String]
    /// `data-frame` of the element or its nearest ancestor with one.
    let frame: Int?
    /// `class` of the parent element.
    let parentClass: String
    let text: String

    init(_ d: [String: Any]) {
        tag = d["tag"] as? String ?? ""
        attributes = d["attrib"] as? [String: String] ?? [:]
        frame = (d["frame"] as? String).flatMap { Int($0) }
        parentClass = d["parent"] as? String ?? ""
        text = d["text"] as? String ?? ""
    }

    subscript(_ name: String) -> String? { attributes[name] }
    func number(_ name: String) -> Double? { attributes[name].flatMap(Double.init) }
    var classes: [String] { (attributes["class"] ?? "").split(separator: " ").map(String.init) }
}

/// A full-screen navigation A -> B, recorded frame by frame: an animated
/// push, a slow drag that is cancelled, a quick one that pops, with a
/// `will_go_back` hook answering true.
final class RecordedRun {
    let f: Fixture
    let nav: NavigationController
    let recorder = FrameRecorder()
    /// `nav.visual()` at the end of every frame, by frame index.
    var visuals: [Int: Visual] = [:]

    init(style: PopStyle = .fullscreen) throws {
        f = Fixture()
        let a = f.screen("A"), b = f.screen("B")
        b.test.answer(.will_go_back, true)
        nav = try f.navigation([a], style: style)
        let recorder = self.recorder, nav = self.nav
        f.world.frameObserver = { [unowned self] world in
            recorder.record(world)
            self.visuals[world.clock.frame] = nav.visual()
        }
        try nav.push(b, animated: true)
        _ = try f.world.settle()
        try f.drag(from: Point(60, 400), to: Point(140, 400), seconds: 0.4, hold: 0.1)
        _ = try f.world.settle()
        try f.drag(from: Point(50, 400), to: Point(250, 400), seconds: 0.15)
        _ = try f.world.settle()
        try f.world.tick(5)
    }

    var world: World { f.world }
    var samples: [FrameSample] { recorder.finish(f.world) }
}
