import XCTest

/// The checkers the picture and trace tests trust instead of navlua's own
/// writers refuse what is not JSON or not XML.
final class ParseTests: XCTestCase {
    func testStrictJSONAcceptsJSON() throws {
        for text in ["[]", "{}", " [1, -0.5, 2e-3, 10E+2, true, false, null] ", #"{"a": {"b": ["\u00e9\n\"\\\/"]}}"#, "0", #""""#] {
            XCTAssertNoThrow(try Parse.strictJSON(text), text)
        }
    }

    func testStrictJSONRefusesWhatIsNot() {
        for text in ["[1,]", #"{"a": 1,}"#, "[NaN]", "[Infinity]", "[01]", "[1.]", "[.5]", "[1e]", "[+1]",
                     "\"a\nb\"", #""\x""#, #""\u12""#, "[1] [2]", "", "[", #"{"a" 1}"#, "[tru]", "'a'"] {
            XCTAssertThrowsError(try Parse.strictJSON(text), text)
        }
    }

    func testXMLElementsComeInDocumentOrderWithTextAndFrames() throws {
        let elements = try Parse.xmlElements("""
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg"><g class="f" data-frame="3"><text>a &amp; b<tspan>c</tspan>d</text></g><rect/></svg>
            """)
        XCTAssertEqual(elements.map(\.tag), ["svg", "g", "text", "tspan", "rect"])
        XCTAssertEqual(elements[0].attributes, [:])   // no namespace declarations, as xml.etree
        XCTAssertEqual(elements.map(\.frame), [nil, 3, 3, 3, nil])
        XCTAssertEqual(elements[2].text, "a & b")
        XCTAssertEqual(elements[2].parentClass, "f")
    }

    func testWhatIsNotXMLIsRefused() {
        for xml in ["<svg><g></svg>", "<svg><g>", #"<svg a="1" a="2"/>"#, "<svg>&bogus;</svg>", "<svg a=1/>",
                    "<svg/><x/>"] {
            XCTAssertThrowsError(try Parse.xmlElements(xml), xml)
        }
    }
}
