import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import NavLuaBridge
@testable import NavLuaTestRunner

/// The options of `navlua test` as the Swift side holds them: typed, with
/// busted's defaults, read from test_options.lua's encoding and nothing
/// else done while reading.
final class TestOptionsTests: XCTestCase {
    /// The options as the real parser (test_options.lua in the driver) makes them of `args`.
    func parse(_ args: [String]) throws -> TestOptions {
        let session = LuaSession.driver()
        return try TestOptions(encoded: session.call("parse", [EmbeddedLua.testOptions] + args, status: 2).get())
    }

    func testNothingGivenIsBustedsDefaults() throws {
        let options = try parse([])
        XCTAssertEqual(options.format, .text)
        XCTAssertNil(options.reportFile)
        XCTAssertNil(options.jobs)
        XCTAssertEqual(options.processes, TestOptions.cores)
        XCTAssertNil(options.shard)
        XCTAssertNil(options.timeout)
        XCTAssertNil(options.memoryLimitMB)
        XCTAssertNil(options.preset)
        XCTAssertEqual(options.coverageOutput, "lcov.info")
        XCTAssertTrue(options.keepGoing)
        XCTAssertEqual(options.repeatCount, 1)
        XCTAssertEqual(options.directory, "./")
        XCTAssertEqual(options.lang, "en")
        XCTAssertEqual(options.namePatterns, ["_spec"])
        XCTAssertEqual(options.roots, [])
        XCTAssertFalse(options.filesShuffled)
        XCTAssertNil(options.helpText)
        XCTAssertEqual(options.origins["pattern"], "default")
    }

    func testEachValueIsTyped() throws {
        let options = try parse(["-o", "tap", "--jobs", "3", "--shard", "2/5", "--timeout", "1.5",
                                 "--memory-limit", "64", "--repeat", "4", "--no-keep-going", "--coverage",
                                 "--shuffle-files", "--filter", "nav", "--filter", "pop", "-Xoutput", "a,b",
                                 "spec", "more"])
        XCTAssertEqual(options.format, .tap)
        XCTAssertEqual(options.jobs, 3)
        XCTAssertEqual(options.processes, 3)
        XCTAssertEqual(options.shard, TestOptions.Shard(index: 2, count: 5))
        XCTAssertEqual(options.timeout, 1.5)
        XCTAssertEqual(options.memoryLimitMB, 64)
        XCTAssertEqual(options.repeatCount, 4)
        XCTAssertFalse(options.keepGoing)
        XCTAssertTrue(options.coverage)
        XCTAssertTrue(options.filesShuffled)
        XCTAssertEqual(options.filters, ["nav", "pop"])
        XCTAssertEqual(options.handlerOptions, ["a", "b"])
        XCTAssertEqual(options.roots, ["spec", "more"])
        XCTAssertEqual(try parse(["-o", "junit"]).format, .busted("junit"))
        XCTAssertFalse(try parse(["--shuffle-files", "--sort-files"]).filesShuffled)
    }

    func testPatternsComeWithWhereTheyWereGiven() throws {
        let options = try parse(["--filter", "a", "--exclude-pattern", "b"])
        XCTAssertEqual(options.patterns.map(\.pattern), ["a", "_spec", "b"])
        XCTAssertEqual(options.patterns.map(\.origin), ["--filter", "default", "--exclude-pattern"])
    }

    func testReadingAPresetSetsNothing() throws {
        unsetenv(NavLuaHost.presetVariable)
        let options = try parse(["--preset", "flutter"])
        XCTAssertEqual(options.preset, "flutter")
        XCTAssertNil(getenv(NavLuaHost.presetVariable))
    }

    func testHelpIsItsText() throws {
        let help = try XCTUnwrap(try parse(["--help"]).helpText)
        XCTAssertTrue(help.contains("--jobs"))
        XCTAssertTrue(help.contains("\n"))
    }

    func testTheEncodingIsReadLineByLine() throws {
        let options = try TestOptions(encoded: "Xoutput\nfilter\ta\\tb\nfilter\tc\norigin\tfilter\t--filter\n"
                                      + "report-file\tout.xml\nunknown-to-swift\tx\n")
        XCTAssertEqual(options.handlerOptions, [])
        XCTAssertEqual(options.filters, ["a\tb", "c"])
        XCTAssertEqual(options.reportFile, "out.xml")
        XCTAssertEqual(options.origins, ["filter": "--filter"])
        XCTAssertEqual(try TestOptions(encoded: ""), TestOptions())
    }

    func testARepeatTooLargeToCountIsAProblemNotACrash() {
        XCTAssertThrowsError(try TestOptions(encoded: "repeat\t1e+30\norigin\trepeat\t--repeat\n")) { error in
            XCTAssertEqual((error as? TestOptions.Problem)?.message,
                           "--repeat: --repeat 1e+30 is more runs than navlua can count")
        }
    }
}
