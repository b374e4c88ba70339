import CEditLine
import NavLuaSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavLuaEngine

/// A terminal line editor over libedit: emacs key bindings, a history kept
/// in a file, Tab completion, Ctrl-C that drops the line, and an idle
/// callback while it waits for a key (how live mode keeps time).
///
/// libedit reads each character through `nextCharacter`, which waits with
/// poll(2): a timeout runs `onIdle`, SIGINT (whose handler only sets
/// navlua's interrupt flag) ends the line as cancelled.
///
/// libedit is not linked but opened when the first reader is made (see
/// `EditLineLibrary`), so that `navlua run` does not load it.
final class EditLineReader: LineReader {
    private var lib: navlua_editline
    private var editor: OpaquePointer!
    private let history: OpaquePointer?
    private let historyPath: String?
    private var prompt: UnsafeMutablePointer<CChar>
    private var cancelled = false
    /// Longest wait in poll() before looking at the interrupt flag, in ms.
    static let interruptCheck: Int32 = 100
    /// Monotonic time of the next idle call (0: not scheduled).
    private var nextIdle = 0.0

    /// How long to wait for a key before calling `onIdle`, in ms (nil: forever).
    var idleInterval: () -> Int32? = { nil }
    var onIdle: () -> Void = {}
    /// Whether SIGINT arrived since the last call (and clears the flag).
    var takeInterrupt: () -> Bool = { false }
    /// The word before the cursor, and the names that complete it.
    var complete: (String) -> (partial: String, candidates: [String]) = { _ in ("", []) }
    /// Told when something was written below the line (a completion list).
    var onListed: () -> Void = {}

    /// Throws when libedit.so.2 cannot be opened.
    init(historyPath: String?) throws(EditLineUnavailable) {
        lib = try EditLineLibrary.opened.get()
        self.historyPath = historyPath
        prompt = strdup("> ")
        history = navlua_history_open(&lib, 1000)
        if let h = history, let path = historyPath { _ = navlua_history_load(&lib, h, path) }
        let me = Unmanaged.passUnretained(self).toOpaque()
        editor = navlua_el_open(&lib, "navlua", me, EditLineReader.getc, EditLineReader.promptFunction)
        if let h = history { navlua_el_use_history(&lib, editor, h) }
        navlua_el_bind(&lib, editor, "navlua-complete", "complete a navlua name", EditLineReader.completeCommand, "^I")
        navlua_el_catch_winch()
    }

    deinit {
        if editor != nil { navlua_el_close(&lib, editor) }
        if let h = history { navlua_history_close(&lib, h) }
        free(prompt)
    }

    /// The prompt is a C string for libedit: it ends at a NUL byte, as
    /// lua.c's does.
    func read(prompt text: [UInt8]) -> LineInput {
        free(prompt)
        prompt = EditLineReader.cString(text)
        cancelled = false
        var count: Int32 = 0
        let line = navlua_el_gets(&lib, editor, &count)
        if cancelled { return .cancelled }
        guard let line = line, count > 0 else { return .endOfInput }
        // count is in bytes; libedit's buffer ends at the first NUL whatever it says
        var bytes = Array(UnsafeRawBufferPointer(start: line, count: strnlen(line, Int(count))))
        if bytes.last == 10 { bytes.removeLast() }
        return .line(bytes)
    }

    func remember(_ chunk: [UInt8]) {
        guard let h = history, !chunk.isEmpty else { return }
        let entry = EditLineReader.cString(chunk)
        defer { free(entry) }
        _ = navlua_history_enter(&lib, h, entry)
        if let path = historyPath { _ = navlua_history_save(&lib, h, path) }
    }

    /// A malloc'd copy of `bytes` with a NUL after them (free it).
    private static func cString(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar> {
        let p = malloc(bytes.count + 1)!.assumingMemoryBound(to: CChar.self)
        bytes.withUnsafeBufferPointer { buf in
            buf.withMemoryRebound(to: CChar.self) { src in
                if let base = src.baseAddress { p.update(from: base, count: bytes.count) }
            }
        }
        p[bytes.count] = 0
        return p
    }

    /// Terminal columns.
    var columns: Int { Int(navlua_el_columns(&lib, editor)) }

    /// Bytes in the line being edited.
    var lineLength: Int {
        guard let info = navlua_el_line(&lib, editor)?.pointee else { return 0 }
        return info.lastchar - info.buffer
    }

    /// Clears the prompt's row and leaves the cursor at its start, for
    /// output that must appear above the line being edited.
    func clearLine() { writeOut("\r\u{1B}[K") }

    /// After `clearLine` and some output ending in a newline: draws the
    /// prompt and the line again, cursor where it was.
    func redraw() {
        navlua_el_redraw(&lib, editor)
        navlua_el_write("")
    }

    // MARK: libedit callbacks

    /// The reader that `el` was opened for (only a reader opens libedit).
    private static func reader(_ el: OpaquePointer?) -> EditLineReader {
        var lib = try! EditLineLibrary.opened.get()
        return Unmanaged<EditLineReader>.fromOpaque(navlua_el_client(&lib, el)!).takeUnretainedValue()
    }

    private static let promptFunction: navlua_el_prompt = { el in reader(el).prompt }

    private static let getc: el_rfunc_t = { el, out in reader(el).nextCharacter(out!) }

    private static let completeCommand: navlua_el_command = { el, _ in
        UInt8(reader(el).completeWord())
    }

    /// libedit's read function: 1 with a character, 0 at end of input, -1 on error.
    private func nextCharacter(_ out: UnsafeMutablePointer<wchar_t>) -> Int32 {
        // Keys do not postpone the idle calls: they come every interval
        // even while the user types. A SIGINT that lands outside poll()
        // leaves only the flag, so poll() never waits longer than
        // `interruptCheck` and the flag is looked at on every pass.
        while true {
            if takeInterrupt() { return cancel(out) }
            var wait = EditLineReader.interruptCheck
            let interval = idleInterval()
            if let interval = interval {
                let now = navlua_monotonic()
                if nextIdle == 0 || nextIdle > now + Double(interval) / 1000 { nextIdle = now + Double(interval) / 1000 }
                wait = min(wait, Int32(max(0, (nextIdle - now) * 1000).rounded(.up)))
            } else {
                nextIdle = 0
            }
            var fds = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            let ready = poll(&fds, 1, wait)
            if ready == 0 {
                if interval != nil && navlua_monotonic() >= nextIdle {
                    nextIdle = 0
                    onIdle()
                }
                continue
            }
            if ready < 0 {
                guard errno == EINTR else { return -1 }
                if takeInterrupt() { return cancel(out) }
                navlua_el_resize(&lib, editor)   // SIGWINCH
                continue
            }
            var byte: UInt8 = 0
            let n = systemRead(0, &byte, 1)
            if n == 0 { return 0 }
            if n < 0 { if errno == EINTR { continue }; return -1 }
            if byte == 3 { return cancel(out) }   // ^C when the terminal does not signal
            out.pointee = wchar_t(bitPattern: decode(first: byte))
            return 1
        }
    }

    /// Ends the line as Enter would; `read` then reports it cancelled.
    private func cancel(_ out: UnsafeMutablePointer<wchar_t>) -> Int32 {
        cancelled = true
        writeOut("^C")
        out.pointee = 10
        return 1
    }

    /// Reads the rest of a UTF-8 sequence; a malformed one gives U+FFFD.
    private func decode(first: UInt8) -> UInt32 {
        let length = first < 0x80 ? 1 : first >> 5 == 0b110 ? 2 : first >> 4 == 0b1110 ? 3 : first >> 3 == 0b11110 ? 4 : 0
        if length == 1 { return UInt32(first) }
        guard length > 1 else { return 0xFFFD }
        var scalar = UInt32(first) & (0x7F >> UInt32(length))
        for _ in 1..<length {
            var byte: UInt8 = 0
            guard systemRead(0, &byte, 1) == 1, byte & 0xC0 == 0x80 else { return 0xFFFD }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        return scalar
    }

    /// Tab: completes the word before the cursor as far as it is unambiguous;
    /// when it already is that far, lists the candidates below.
    private func completeWord() -> Int32 {
        guard let info = navlua_el_line(&lib, editor)?.pointee else { return navlua_el_cc_error() }
        let before = String(decoding: UnsafeRawBufferPointer(start: info.buffer, count: info.cursor - info.buffer),
                            as: UTF8.self)
        let (partial, candidates) = complete(before)
        guard let first = candidates.first else { return navlua_el_cc_error() }
        let common = candidates.dropFirst().reduce(first) { commonPrefix($0, $1) }
        if common.count > partial.count {
            _ = navlua_el_insert(&lib, editor, String(common.dropFirst(partial.count)))
            return navlua_el_cc_refresh()
        }
        if candidates.count == 1 { return navlua_el_cc_refresh() }
        writeOut("\r\n" + columnsText(candidates) + "\r\n")
        onListed()
        return navlua_el_cc_redisplay()
    }

    private func commonPrefix(_ a: String, _ b: String) -> String {
        String(zip(a, b).prefix { $0 == $1 }.map { $0.0 })
    }

    /// Names laid out in columns that fit the terminal, rows ending in CR LF.
    private func columnsText(_ names: [String]) -> String {
        let width = (names.map(\.count).max() ?? 0) + 2
        let perRow = max(1, (columns - 1) / width)
        let rows = (names.count + perRow - 1) / perRow
        var lines: [String] = []
        for r in 0..<rows {
            var line = ""
            for c in 0..<perRow {
                let i = c * rows + r
                guard i < names.count else { break }
                let name = names[i]
                line += i + rows < names.count ? name + String(repeating: " ", count: width - name.count) : name
            }
            lines.append(line)
        }
        return lines.joined(separator: "\r\n")
    }
}
