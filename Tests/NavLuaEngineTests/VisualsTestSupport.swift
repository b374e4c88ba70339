import Foundation
#if canImport(FoundationXML)
import FoundationXML   // XMLParser, on Linux
#endif
import XCTest
@testable import NavLuaEngine
@testable import NavLuaVisuals
import NavLuaTestSupport

/// Checks for the pictures and traces that do not trust navlua's own
/// writers: Foundation's parsers read what we wrote, in process.
enum Parse {
    /// Parses `text` as strict JSON (RFC 8259: no NaN, no trailing comma)
    /// and returns it as Foundation objects, or fails the test.
    static func json(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Any? {
        do { return try strictJSON(text) } catch {
            XCTFail("not JSON: \(error)", file: file, line: line)
            return nil
        }
    }

    static func strictJSON(_ text: String) throws -> Any {
        try StrictJSON.validate(text)
        return try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    /// Parses `svg` as XML: every element in document order, with its
    /// attributes, the `data-frame` of the nearest enclosing element that
    /// has one, and its text (up to its first child, as xml.etree's `text`);
    /// or fails the test.
    static func svgElements(_ svg: String, file: StaticString = #filePath, line: UInt = #line) -> [SVGElement]? {
        do { return try xmlElements(svg) } catch {
            XCTFail("not XML: \(error)", file: file, line: line)
            return nil
        }
    }

    struct NotXML: Error, CustomStringConvertible {
        let description: String
    }

    static func xmlElements(_ xml: String) throws -> [SVGElement] {
        let collector = SVGCollector()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = collector
        // On Linux parse() can return true after an error; the error is still reported.
        let parsed = parser.parse()
        if let error = collector.firstError ?? parser.parserError {
            throw NotXML(description: "\(error) at line \(parser.lineNumber)")
        }
        guard parsed else { throw NotXML(description: "the parser stopped at line \(parser.lineNumber)") }
        return collector.elements
    }
}

/// Builds the element list as XMLParser reports the document.
private final class SVGCollector: NSObject, XMLParserDelegate {
    private(set) var elements: [SVGElement] = []
    /// Indices in `elements` of the elements open now, outermost first.
    private var open: [Int] = []
    /// Whether the innermost open element has had a child yet: its text
    /// ends there.
    private var hadChild = false
    private(set) var firstError: Error?

    func parser(_ parser: XMLParser, parseErrorOccurred error: Error) {
        if firstError == nil { firstError = error }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        let parent = open.last.map { elements[$0] }
        // as xml.etree: no namespace declarations among the attributes
        let attributes = attributes.filter { $0.key != "xmlns" && !$0.key.hasPrefix("xmlns:") }
        let frame = attributes["data-frame"].flatMap { Int($0) } ?? parent?.frame
        elements.append(SVGElement(tag: name, attributes: attributes, frame: frame,
                                   parentClass: parent?["class"] ?? "", text: ""))
        open.append(elements.count - 1)
        hadChild = false
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
                qualifiedName: String?) {
        open.removeLast()
        hadChild = true   // what follows belongs to the parent, after this child
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard !hadChild, let i = open.last else { return }
        elements[i].text += string
    }

    func parser(_ parser: XMLParser, foundCDATA data: Data) {
        self.parser(parser, foundCharacters: String(decoding: data, as: UTF8.self))
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
    var text: String

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
