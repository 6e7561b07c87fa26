import Testing

@testable import Scrollback

@Suite struct TemporaryFileTests {
    /// Records of different lengths, read back in the order written, backwards and at random,
    /// with and without reading ahead (whose window must never hand out stale or short bytes).
    @Test(arguments: [0, 64, 1000])
    func readsBackWhatWasWrittenInAnyOrder(readAhead: Int) throws {
        let file = try TemporaryFile(readAhead: readAhead)
        var random = XorShift(seed: 7)
        var records: [(offset: Int64, bytes: [UInt8])] = []
        for number in 0..<300 {
            let bytes = (0..<random.next(200)).map { UInt8(truncatingIfNeeded: number &+ $0) }
            let offset = try bytes.withUnsafeBytes { buffer in try Result { () throws(ReadError) in try file.append(buffer) }.get() }
            records.append((offset, bytes))
            // Reads between appends see everything appended so far.
            if number % 50 == 0 { #expect(try file.bytes(at: records[0].offset, count: records[0].bytes.count) == records[0].bytes) }
        }
        var order = Array(records.indices)
        order += order.reversed()
        for _ in 0..<300 { order.append(random.next(records.count)) }
        for index in order {
            #expect(try file.bytes(at: records[index].offset, count: records[index].bytes.count) == records[index].bytes)
        }
        #expect(file.size == Int64(records.reduce(0) { $0 + $1.bytes.count }))
    }
}
