import Foundation
import XCTest
@testable import NavLuaEngine
@testable import NavLuaVisuals
@testable import NavLuaBridge
import NavLuaTestSupport

/// Random sequences of navigation calls, touches and hooks (raising and
/// navigating ones included) against the invariants of `FuzzChecker`.
///
/// `swift test` runs 300 sequences. scripts/fuzz.sh runs 10,000 in release
/// mode through the environment:
/// - NAVLUA_FUZZ_SEQUENCES: how many (default 300)
/// - NAVLUA_FUZZ_SEED: the run's seed (default 1)
/// - NAVLUA_FUZZ_ONLY: run only the sequence with this index
/// - NAVLUA_FUZZ_OUT: a folder for the replay scripts of failing sequences
final class FuzzTests: XCTestCase {
    func testRandomSequencesKeepTheInvariants() {
        let env = ProcessInfo.processInfo.environment
        let count = Int(env["NAVLUA_FUZZ_SEQUENCES"] ?? "") ?? 300
        let seed = UInt64(env["NAVLUA_FUZZ_SEED"] ?? "") ?? 1
        let indices = env["NAVLUA_FUZZ_ONLY"].flatMap { Int($0) }.map { [$0] } ?? Array(0..<count)
        let out = env["NAVLUA_FUZZ_OUT"]
        var passed = 0, failed = 0, frames = 0, events = 0, sheets = 0, pulls = 0
        var kinds: [String: Int] = [:]
        for index in indices {
            let sequence = FuzzGenerator.sequence(seed: SplitMix64.sequenceSeed(seed, index))
            let result = FuzzRunner.run(sequence)
            frames += result.frames
            events += result.events
            sheets += result.sheetPresents
            pulls += result.sheetPulls
            guard let first = result.violations.first else {
                passed += 1
                continue
            }
            failed += 1
            kinds[first.kind, default: 0] += 1
            // shrink and print the first few of each kind
            guard kinds[first.kind]! <= 2 else { continue }
            let small = FuzzRunner.shrink(sequence, kind: first.kind)
            let smallResult = FuzzRunner.run(small)
            let script = FuzzRunner.script(small, smallResult.failed ? smallResult : result)
            print("== sequence \(index) (seed \(seed)) failed: \(first)")
            print(script)
            if let out = out {
                try? FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
                _ = FileManager.default.createFile(atPath: "\(out)/fuzz_\(seed)_\(index).lua", contents: Data(script.utf8))
            }
            XCTFail("sequence \(index): \(first)")
        }
        print("fuzz: seed \(seed), \(indices.count) sequences, \(frames) frames, \(events) trace events, "
              + "\(sheets) sheets presented, \(pulls) sheet pulls")
        for (kind, n) in kinds.sorted(by: { $0.key < $1.key }) { print("fuzz: \(n) x \(kind)") }
        print("\(passed) passed, \(failed) failed")
    }

    /// The generator is a pure function of its seed.
    func testTheSameSeedMakesTheSameSequence() {
        let a = FuzzGenerator.sequence(seed: 42), b = FuzzGenerator.sequence(seed: 42)
        XCTAssertEqual(a.setup, b.setup)
        XCTAssertEqual(a.ops.map { $0.lua }, b.ops.map { $0.lua })
        XCTAssertNotEqual(a.ops.map { $0.lua }, FuzzGenerator.sequence(seed: 43).ops.map { $0.lua })
    }
}
