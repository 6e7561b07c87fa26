#if canImport(Glibc)
    import Glibc
#endif

/// What libFuzzer calls with each input: its bytes, and 0 back (any other value is reserved).
public typealias FuzzTest = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

/// libFuzzer's own driver, run from a `main` of ours: SwiftPM names an executable's entry point
/// after its target (`fuzz_text_main`), so the one in libFuzzer's archive is never linked in.
@_silgen_name("LLVMFuzzerRunDriver")
private func libFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ test: FuzzTest
) -> CInt

/// Runs libFuzzer with the command line's options (`-max_total_time=60 CORPUS`…) on `test`.
public func runFuzzer(argc: CInt, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, test: FuzzTest) -> CInt {
    var count = argc
    var arguments = argv
    return libFuzzerRunDriver(&count, &arguments, test)
}

/// The input as a byte array (libFuzzer may pass a null pointer for the empty input).
public func bytes(_ start: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
    guard let start, count > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: start, count: count))
}

/// A broken promise: says which, and aborts, so that libFuzzer keeps the input as a crash.
public func finding(_ what: String, in output: String = "") -> Never {
    var report = "FINDING: " + what + "\n"
    if !output.isEmpty { report += "--- output (first 2000 characters) ---\n" + String(output.prefix(2000)) + "\n" }
    // Written straight to file descriptor 2: libFuzzer prints the input's name after it.
    _ = report.withCString { write(2, $0, strlen($0)) }
    abort()
}

/// The processor time one input may take (`-timeout`'s role, measured so that a busy machine
/// does not turn a fast input into a finding): past it, the input is a finding, reported from
/// the test itself, where libFuzzer saves the input. libFuzzer's own wall-clock `-timeout` is
/// then only the backstop for an input that never returns.
public let cpuBudgetSeconds = 1.0

/// Runs `test` on one input and makes an input that takes more than ``cpuBudgetSeconds`` of
/// this thread's processor time a finding: quadratic work on a 16 KB input shows up as seconds.
public func withinBudget(_ test: () -> Void) {
    let start = threadCPUSeconds()
    test()
    let spent = threadCPUSeconds() - start
    if spent > cpuBudgetSeconds {
        finding("one input took \(spent) s of processor time (the budget is \(cpuBudgetSeconds) s)")
    }
}

private func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
