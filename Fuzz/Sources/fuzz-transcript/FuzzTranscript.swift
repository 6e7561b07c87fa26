import FuzzSupport

// Any bytes as a transcript: every input shape, NDJSON, entity files, broken JSON. Each input is
// rendered in every format (index pass, then rendering) and each output checked (Oracles);
// reading alone must fail exactly when rendering fails.

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzTranscript(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    withinBudget { check(bytes(start, count)) }
    return 0
}

private func check(_ input: [UInt8]) {
    Rendering.checkEveryFormat(input)
}

@_cdecl("fuzz_transcript_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Oracles.selfTest()
    return runFuzzer(argc: argc, argv: argv, test: fuzzTranscript)
}
