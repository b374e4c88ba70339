import NavLuaRuntime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The Lua allocator of a spec file's process. The process is a fork of
/// the template, whose memory it shares until it writes to it; malloc would
/// serve its small blocks from the holes the template's garbage left all
/// over the heap, so that nearly every allocation wrote to (and the kernel
/// copied) another shared page. This allocator serves small blocks from
/// fresh memory instead (size classes, a free list each), never writes to
/// a block of the template (freeing one leaves it be: the process is short),
/// and keeps the accounting and limits of `navlua_alloc` (the allocator's
/// user data stays the state's `navlua_Limits`).
///
/// Installed once, in the child, right after the fork.
enum ChildAllocator {
    /// Blocks up to this size come from the arena; larger ones from malloc.
    static let largest = 4096
    static let granule = 16
    /// Address space reserved for the arena (taken lazily by the kernel).
    static let reserved = 1 << 34

    nonisolated(unsafe) private static var base: UnsafeMutableRawPointer?
    nonisolated(unsafe) private static var next: UnsafeMutableRawPointer?
    nonisolated(unsafe) private static var end: UnsafeMutableRawPointer?
    /// Head of each size class's free list (a free block's first word links it).
    nonisolated(unsafe) private static var freeLists: UnsafeMutablePointer<UnsafeMutableRawPointer?>?

    /// Switches `L` to this allocator; false (and nothing changed) when the
    /// arena cannot be reserved.
    static func install(_ L: OpaquePointer) -> Bool {
        let p = mmap(nil, reserved, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        guard let p, p != MAP_FAILED else { return false }
        base = p
        next = p
        end = p + reserved
        let classes = largest / granule + 1
        freeLists = .allocate(capacity: classes)
        freeLists!.initialize(repeating: nil, count: classes)
        var ud: UnsafeMutableRawPointer?
        _ = lua_getallocf(L, &ud)
        lua_setallocf(L, allocate, ud)
        return true
    }

    private static func inArena(_ p: UnsafeMutableRawPointer) -> Bool {
        p >= base! && p < end!
    }

    private static func sizeClass(_ n: Int) -> Int { (n + granule - 1) / granule }

    /// A small block of `n` bytes (n <= largest), or nil.
    private static func small(_ n: Int) -> UnsafeMutableRawPointer? {
        let c = sizeClass(n)
        if let head = freeLists![c] {
            freeLists![c] = head.load(as: UnsafeMutableRawPointer?.self)
            return head
        }
        let size = c * granule
        guard next! + size <= end! else { return nil }
        let p = next!
        next = p + size
        return p
    }

    private static func release(_ p: UnsafeMutableRawPointer, _ size: Int) {
        if inArena(p) {
            let c = sizeClass(size)
            p.storeBytes(of: freeLists![c], as: UnsafeMutableRawPointer?.self)
            freeLists![c] = p
        } else if size > largest {
            free(p)
        }
        // else: a small block of the template; writing to it would copy its page
    }

    private static func reallocate(_ p: UnsafeMutableRawPointer?, _ old: Int, _ n: Int) -> UnsafeMutableRawPointer? {
        if let p, inArena(p), n <= largest, sizeClass(old) == sizeClass(n) { return p }
        if let p, !inArena(p), old > largest, n > largest { return realloc(p, n) }
        let q = n <= largest ? small(n) : malloc(n)
        guard let q else { return nil }
        if let p {
            q.copyMemory(from: p, byteCount: min(old, n))
            release(p, old)
        }
        return q
    }

    /// lua_Alloc: as navlua_alloc (NavLuaRuntime/limits.c) for the accounting.
    private static let allocate: lua_Alloc = { ud, ptr, osize, nsize in
        let lim = ud!.assumingMemoryBound(to: navlua_Limits.self)
        let old = ptr == nil ? 0 : osize
        if nsize == 0 {
            if let ptr { release(ptr, old) }
            lim.pointee.used -= old
            return nil
        }
        if nsize > old && navlua_refuses(lim, nsize - old) != 0 { return nil }
        let q = reallocate(ptr, old, nsize)
        if q != nil { lim.pointee.used = lim.pointee.used - old + nsize }
        return q
    }
}
