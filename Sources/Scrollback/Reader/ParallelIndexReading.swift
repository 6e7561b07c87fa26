import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The index pass's reading of a long array of messages by two parsers at once.
///
/// The array's bytes are cut into segments at guessed element starts (a `}` then a `,` then
/// a `{`, which may as well lie inside a string). Worker threads read the segments, each as
/// the index reads elements (``TranscriptReader/indexedElement(from:decoder:)``), and each
/// stops where an element starts exactly at a later guess. Only such a meeting proves that a
/// guess is an element start, so a segment's items are used only when the segment before met
/// its start: a wrong guess costs the work spent on it, never a different result. Items are
/// handed out in input order, the same as one parser reading alone.
///
/// When the array ends, or a segment stops at an error, the reader's own parser goes on from
/// the end of the last element handed out (``end``), and meets the `]` or the error itself.
///
/// Used by the reader's thread only; the workers share only ``Shared``, whose state is under
/// its lock (a ``Monitor``). The last copy of a reading stops its workers and waits for them.
struct ParallelIndexReading {
    /// Input bytes per segment: about a thousand messages. The reader starts a parallel
    /// reading only once an array has run this long, and what is left of the input must be four
    /// segments or more: on less, the threads would cost about what they save.
    static let segmentSize = 1 << 20
    /// Segments read and not yet handed out are at most this many: memory stays bounded. With 3,
    /// the workers waited for the index to be built from earlier segments a quarter of the time;
    /// 8 cost about 4 MB more at peak on the benchmark's 100,000 messages.
    static let segmentsAhead = 8
    static let workerCount = 2

    /// Where the reader's parser goes on, once ``hasNextElement()`` has said `false`.
    private(set) var end = 0
    /// Whether ``end`` is an element's end (a `,` or `]` comes next) rather than where an
    /// element or the `]` comes next.
    private(set) var endsAfterElement = false

    private let shared: Shared
    /// Stops the workers once no copy of the reading needs them.
    private let workers: Workers
    private var segment = 0
    private var current: Segment?
    private var next = 0

    /// Starts reading the elements of the array the parser is in, from its cursor (just past
    /// the `[`, or `afterElement`, past an element). `nil` when the input is no regular file,
    /// is too short for it to pay, or the array is nested deeper than an export's messages.
    /// `segmentSize` is for tests, which make many short segments.
    init?(after parser: JSONStreamParser, afterElement: Bool, segmentSize: Int = segmentSize) {
        guard parser.isInArray, parser.depth <= 2, let file = parser.regularFile else { return nil }
        let start = parser.bytePosition
        guard file.size - start >= 4 * segmentSize else { return nil }
        var starts = [start]
        var nominal = start + segmentSize
        while nominal + segmentSize / 2 < file.size {
            let guess = Self.guessElementStart(in: file.descriptor, from: nominal, within: min(16 << 10, segmentSize / 2))
            if let guess, guess > starts[starts.count - 1] { starts.append(guess) }
            nominal += segmentSize
        }
        guard starts.count > 1 else { return nil }
        shared = Shared(
            descriptor: file.descriptor, name: file.name, depth: parser.depth, starts: starts, firstAfterElement: afterElement)
        workers = Workers(shared)
        for _ in 0..<Self.workerCount {
            let shared = shared
            shared.started()
            WorkerThread.start { shared.work() }
        }
    }

    /// Whether another element follows, waiting for the segment that has it. `false` once
    /// every element the segments could read has been handed out: see ``end``.
    mutating func hasNextElement() -> Bool {
        while true {
            if current == nil { current = shared.waitForSegment(segment) }
            guard let current else { return false }
            if next < current.items.count { return true }
            switch current.stop {
            case .atGuess(let following):
                // The next segment read on from exactly where this one stopped.
                self.current = nil
                next = 0
                segment = following
                shared.moveOn(to: following)
            case .atEnd(let offset, let afterElement):
                (end, endsAfterElement) = (offset, afterElement)
                shared.cancelAndWait()
                return false
            }
        }
    }

    /// The element ``hasNextElement()`` found: its item, `nil` for one that is no usable message.
    mutating func takeElement() -> TranscriptReader.Item? {
        defer { next += 1 }
        // Moved out, not copied and then cleared.
        return current?.items[next].take() ?? nil
    }

    /// About how far the elements handed out reach in the input, a segment at a time (for
    /// progress).
    var position: Int { current?.start ?? end }

    /// A `{` after a `}` and a `,` (with any whitespace between) in `length` bytes from
    /// `offset` on: most likely where an element of the array starts.
    private static func guessElementStart(in descriptor: Int32, from offset: Int, within length: Int) -> Int? {
        var buffer = [UInt8](repeating: 0, count: length)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, length, off_t(offset)) }
        guard count > 0 else { return nil }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        var index = 0
        while index < count {
            guard buffer[index] == UInt8(ascii: "}") else {
                index += 1
                continue
            }
            var after = index + 1
            while after < count && isSpace(buffer[after]) { after += 1 }
            if after < count && buffer[after] == UInt8(ascii: ",") {
                after += 1
                while after < count && isSpace(buffer[after]) { after += 1 }
                if after < count && buffer[after] == UInt8(ascii: "{") { return offset + after }
            }
            index += 1
        }
        return nil
    }

    /// One segment's reading.
    fileprivate struct Segment: Sendable {
        enum Stop: Sendable {
            /// An element starts exactly at segment `following`'s start.
            case atGuess(following: Int)
            /// The array ended, or an error came: the reader goes on at `offset`.
            case atEnd(offset: Int, afterElement: Bool)
        }

        var start: Int
        var items: [TranscriptReader.Item?] = []
        var stop = Stop.atEnd(offset: 0, afterElement: false)
    }

    /// Stops the workers when the last copy of the reading goes.
    private final class Workers {
        let shared: Shared
        init(_ shared: Shared) { self.shared = shared }
        deinit { shared.cancelAndWait() }
    }

    /// What the workers and the reader share: the input, and the readings under one lock.
    private final class Shared: Sendable {
        let descriptor: Int32
        let name: String
        let depth: Int
        /// Each segment's start: the array's body, then the guesses, in increasing order.
        let starts: [Int]
        let firstAfterElement: Bool

        private struct State: Sendable {
            var finished: [Int: Segment] = [:]
            var nextToRead = 0
            /// The segment the reader is on: workers read at most ``segmentsAhead`` from it.
            var reading = 0
            var cancelled = false
            var running = 0
        }

        private let state = Monitor(State())

        init(descriptor: Int32, name: String, depth: Int, starts: [Int], firstAfterElement: Bool) {
            (self.descriptor, self.name, self.depth, self.starts) = (descriptor, name, depth, starts)
            self.firstAfterElement = firstAfterElement
        }

        func started() {
            state.withLock { $0.running += 1 }
        }

        /// A worker's life: the next segment to read, while there is one and room for it.
        func work() {
            let count = starts.count
            while true {
                let number = state.wait(
                    until: { $0.cancelled || $0.nextToRead >= count || $0.nextToRead - $0.reading < ParallelIndexReading.segmentsAhead },
                    then: { state -> Int? in
                        guard !state.cancelled && state.nextToRead < count else { return nil }
                        defer { state.nextToRead += 1 }
                        return state.nextToRead
                    })
                guard let number else { break }
                let segment = read(number)
                state.withLock { state in
                    if number >= state.reading && !state.cancelled { state.finished[number] = segment }
                }
            }
            state.withLock { $0.running -= 1 }
        }

        private var isCancelled: Bool { state.withLock { $0.cancelled } }

        /// Reads segment `number` from its start until an element starts at a later segment's
        /// start, the array ends, or the input is not what an element should be.
        private func read(_ number: Int) -> Segment {
            var segment = Segment(start: starts[number])
            let afterElement = number == 0 && firstAfterElement
            let source = ByteSource(descriptor: descriptor, name: name, from: starts[number])
            var parser = JSONStreamParser(elementsFrom: source, depth: depth, afterElement: afterElement)
            // A cache of its own: each segment is read on a worker thread.
            let decoder = MessageDecoder(warn: { _, _ in }, users: UserCache())
            var lastEnd = (offset: starts[number], afterElement: afterElement)
            var following = number + 1
            do {
                while try parser.nextElement() {
                    let start = parser.bytePosition
                    while following < starts.count && starts[following] < start { following += 1 }
                    if following < starts.count && starts[following] == start {
                        segment.stop = .atGuess(following: following)
                        return segment
                    }
                    segment.items.append(try TranscriptReader.indexedElement(from: &parser, decoder: decoder, offset: start))
                    lastEnd = (parser.bytePosition, true)
                    if segment.items.count & 63 == 0 && isCancelled { break }
                }
            } catch {
                // The reader's parser meets it again, and reports it as it would have.
            }
            segment.stop = .atEnd(offset: lastEnd.offset, afterElement: lastEnd.afterElement)
            return segment
        }

        /// Segment `number`, once read; `nil` if the reading was cancelled.
        fileprivate func waitForSegment(_ number: Int) -> Segment? {
            state.wait(until: { $0.finished[number] != nil || $0.cancelled }, then: { $0.finished.removeValue(forKey: number) })
        }

        /// The reader has gone on to segment `number`: those before it are not wanted.
        func moveOn(to number: Int) {
            state.withLock { state in
                state.reading = number
                state.finished = state.finished.filter { $0.key >= number }
            }
        }

        /// Stops the workers and waits until they have: they read the reader's descriptor.
        func cancelAndWait() {
            state.withLock { state in
                state.cancelled = true
                state.finished = [:]
            }
            state.wait(until: { $0.running == 0 }, then: { _ in })
        }
    }
}
