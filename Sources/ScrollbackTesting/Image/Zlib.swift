import CZlib

/// The three things PNG needs from zlib, over Swift arrays: the system library's inflate,
/// deflate and CRC-32 rather than our own, so that decoding is as strict and encoding as good as
/// every other PNG tool's.
enum Zlib {
    /// What inflating a stream whose decompressed size is known in advance gave.
    enum Inflated {
        /// Exactly the expected bytes, and the stream ended there.
        case complete([UInt8])
        /// The input ran out (or the stream ended) after `produced` of the expected bytes.
        case short(produced: Int)
        /// The stream holds more than the expected bytes.
        case long
        /// zlib refused the stream; its own message.
        case corrupt(String)
    }

    /// Inflates a zlib stream (header, deflate data, Adler-32) that should decompress to exactly
    /// `expectedCount` bytes. The buffer is one byte longer than that, so that a stream holding
    /// too much is told apart from one that fits.
    static func inflate(_ input: [UInt8], expectedCount: Int) -> Inflated {
        var stream = z_stream()
        let started = inflateInit_(&stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard started == Z_OK else { return .corrupt("zlib could not start inflating: \(String(cString: zError(started)))") }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: expectedCount + 1)
        var remainingInput = input.count
        var status = Z_OK
        input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { destination in
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.next_out = destination.baseAddress
                stream.avail_out = uInt(destination.count)
                // avail_in is 32 bits wide: feed larger inputs in slices.
                repeat {
                    let slice = min(remainingInput, Int(UInt32.max))
                    stream.avail_in = uInt(slice)
                    remainingInput -= slice
                    status = CZlib.inflate(&stream, remainingInput == 0 ? Z_FINISH : Z_NO_FLUSH)
                    remainingInput += Int(stream.avail_in)
                } while status == Z_OK && remainingInput > 0 && stream.avail_out > 0
            }
        }
        let produced = output.count - Int(stream.avail_out)
        switch status {
        case Z_STREAM_END, Z_OK, Z_BUF_ERROR:
            if produced > expectedCount { return .long }
            if status != Z_STREAM_END || produced < expectedCount { return .short(produced: produced) }
            output.removeLast()
            return .complete(output)
        default:
            return .corrupt(stream.msg.map { String(cString: $0) } ?? String(cString: zError(status)))
        }
    }

    /// `bytes` as a zlib stream at compression `level` (0...9). The data is in memory and small
    /// enough for one call, so compress2 does it all.
    static func compress(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8] {
        var capacity = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(capacity))
        let status = bytes.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { destination in
                compress2(destination.baseAddress, &capacity, source.baseAddress, uLong(source.count), level)
            }
        }
        // compressBound is an upper bound for any input, so only running out of memory fails.
        precondition(status == Z_OK, "zlib could not compress \(bytes.count) bytes: \(String(cString: zError(status)))")
        output.removeSubrange(Int(capacity)...)
        return output
    }

    /// The CRC-32 of `bytes`, continuing from `crc` (0 to start): PNG chunks check theirs with it.
    static func crc32<Bytes: Collection<UInt8>>(_ bytes: Bytes, continuing crc: UInt32 = 0) -> UInt32 {
        let result =
            bytes.withContiguousStorageIfAvailable { buffer in
                CZlib.crc32(uLong(crc), buffer.baseAddress, uInt(buffer.count))
            } ?? Array(bytes).withUnsafeBufferPointer { CZlib.crc32(uLong(crc), $0.baseAddress, uInt($0.count)) }
        return UInt32(truncatingIfNeeded: result)
    }
}
