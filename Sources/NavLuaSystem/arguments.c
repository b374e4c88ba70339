/* arguments.c: argv for Swift's CommandLine, from the loader, on Linux.
 *
 * Swift's runtime finds argv itself on Linux: a static initializer in its
 * CommandLine.cpp reads /proc/self/maps, scans every line with sscanf to
 * find the stack, and walks back from environ (128,000 instructions and a
 * read of a /proc file, 11% of `navlua run empty.lua`, at every start).
 * glibc already hands argc and argv to each function of .init_array, so
 * navlua keeps them there and defines the two functions the standard
 * library calls into that file for. With the executable (or navlua.so)
 * defining them, a static link never takes CommandLine.cpp's object out
 * of libswiftCore.a, and its initializer never runs; a dynamic link (the
 * debug build, the tests) keeps the runtime's own, which answers the same.
 */
#if defined(__linux__)

static char **saved_argv;
static int saved_argc;
static char **override_argv;
static int override_argc;
static char *empty_argv[] = {0};

/* glibc calls .init_array functions with (argc, argv, envp), before any
 * Swift code and before main, for an executable and for a library
 * alike (at load time or at dlopen). */
static void navlua_keep_arguments(int argc, char **argv, char **envp) {
  (void)envp;
  saved_argc = argc;
  saved_argv = argv;
}
__attribute__((section(".init_array"), used))
static void (*const navlua_keep_arguments_entry)(int, char **, char **) = navlua_keep_arguments;

/* The standard library's CommandLine.unsafeArgv and argc read these (a
 * Swift-convention function, as the runtime declares it). */
__attribute__((swiftcall, visibility("default")))
char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
  if (override_argv) {
    *outArgLen = override_argc;
    return override_argv;
  }
  if (!saved_argv) {
    *outArgLen = 0;
    return empty_argv;
  }
  *outArgLen = saved_argc;
  return saved_argv;
}

/* The runtime's other function in that file (for JIT hosts); defined too
 * so that nothing takes the file's object for it. */
__attribute__((swiftcall, visibility("default")))
void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
  override_argv = argv;
  override_argc = argc;
}

#endif
