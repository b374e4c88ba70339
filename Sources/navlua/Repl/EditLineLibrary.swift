import CEditLine
import NavLuaEngine

/// libedit, opened with dlopen the first time a terminal REPL starts.
///
/// navlua does not link libedit: loading it and the libraries it needs
/// (libtinfo, libbsd, libmd) took about 0.25 ms of every `navlua run`
/// (README "Speed, measured"). libedit-dev still provides the header at build time.
enum EditLineLibrary {
    /// The table of libedit's functions, or why libedit could not be opened.
    /// (Not Sendable, as Swift imports the variadic function pointers as
    /// opaque ones; it is set once, by Swift's thread-safe lazy global
    /// initialization, and only read after.)
    nonisolated(unsafe) static let opened: Result<navlua_editline, EditLineUnavailable> = {
        var lib = navlua_editline()
        if let failure = navlua_editline_open(&lib) {
            return .failure(EditLineUnavailable(reason: String(cString: failure)))
        }
        return .success(lib)
    }()
}

/// libedit (Debian's libedit2; macOS's own) is missing or lacks a function navlua calls.
struct EditLineUnavailable: Error {
    /// dlerror()'s message.
    let reason: String

    #if os(macOS)
    static let library = "libedit.3.dylib (part of macOS)"
    #else
    static let library = "libedit.so.2 (Debian: apt install libedit2)"
    #endif

    /// What the REPL tells the user before it falls back to plain lines.
    var message: String {
        "navlua: line editing needs \(EditLineUnavailable.library): \(reason)\n"
            + "navlua: reading plain lines, without history, completion or live mode\n"
    }
}
