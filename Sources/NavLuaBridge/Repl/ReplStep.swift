/// What the REPL made of one line of input (see `ReplEvaluator.evaluate`).
package enum ReplStep: Equatable {
    /// Only blanks: nothing ran and the history keeps nothing.
    case blank
    /// The chunk is not complete yet: read another line (the `>>` prompt).
    case incomplete
    /// The chunk ran, or could not be compiled.
    case ran(ReplResult)
}

/// What running one chunk gave, for the terminal to print in this order.
package struct ReplResult: Equatable {
    /// The chunk's results as the prelude shows them; nil when it returned
    /// none. Bytes: a Lua string need not be text.
    package var output: [UInt8]?
    /// The error with its traceback, or why the chunk does not compile.
    package var error: [UInt8]?
    /// The status line, when the chunk changed what it shows.
    package var status: String?

    package init(output: [UInt8]? = nil, error: [UInt8]? = nil, status: String? = nil) {
        self.output = output
        self.error = error
        self.status = status
    }
}

/// What Tab offers for the text before the cursor.
package struct ReplCompletion: Equatable {
    /// The word being completed (after its last `.` or `:`).
    package var partial: String
    /// The names that extend it, sorted.
    package var candidates: [String]

    package init(partial: String, candidates: [String]) {
        self.partial = partial
        self.candidates = candidates
    }
}
