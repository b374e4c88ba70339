/// Decimal text written straight into bytes: the one number format of the
/// trace's text, the pictures and the replay's JSON (`formatNumber`,
/// `TraceEvent.fieldsText`, NavLuaVisuals' `JSONBytes`). A number is
/// written fixed point with at most `places` decimals, trailing zeros
/// trimmed ("0.35", "-12", "1.5"), in a few dozen instructions where
/// building it from Strings cost a thousand or more (README, issue 21).
package enum DecimalText {
    private static let powers: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
        10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000,
        1_000_000_000_000_000, 10_000_000_000_000_000, 100_000_000_000_000_000, 1_000_000_000_000_000_000,
    ]

    /// The most decimals written (more are treated as this many).
    package static let maxPlaces = 18

    /// Appends `d` with at most `places` decimals. Returns false, appending
    /// nothing, for a number that is not finite or whose scaled magnitude
    /// reaches 9e18 (the caller writes those its own way).
    @discardableResult
    package static func appendFixed(_ d: Double, places: Int, to bytes: inout [UInt8]) -> Bool {
        guard d.isFinite else { return false }
        let places = min(max(places, 0), maxPlaces)
        let unit = powers[places]
        let scaled = (d.magnitude * Double(unit)).rounded()
        guard scaled < 9e18 else { return false }
        let n = UInt64(scaled)
        var whole = n / unit, frac = n % unit
        var shown = places
        if frac == 0 { shown = 0 } else { while frac % 10 == 0 { frac /= 10; shown -= 1 } }
        // Written from the last digit back into a buffer on the stack, then
        // appended at once: 20 digits, a point, 18 decimals and a sign.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer in
            var i = 40
            for _ in 0..<shown {
                i -= 1
                buffer[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: frac % 10)
                frac /= 10
            }
            if shown > 0 { i -= 1; buffer[i] = UInt8(ascii: ".") }
            repeat {
                i -= 1
                buffer[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: whole % 10)
                whole /= 10
            } while whole > 0
            if d < 0 && n != 0 { i -= 1; buffer[i] = UInt8(ascii: "-") }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[i...]))
        }
        return true
    }

    /// Appends `value` in decimal.
    package static func appendInt(_ value: Int, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var i = 24, n = value.magnitude
            repeat {
                i -= 1
                buffer[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: n % 10)
                n /= 10
            } while n > 0
            if value < 0 { i -= 1; buffer[i] = UInt8(ascii: "-") }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[i...]))
        }
    }
}
