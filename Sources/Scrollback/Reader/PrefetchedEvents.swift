import Foundation

/// A reader that runs on a thread of its own, a few batches of events ahead of the thread that
/// draws them: parsing and decoding, a third of a rendering, overlap the drawing on a second core.
/// With `threaded` false it reads each batch on the caller's thread when it is needed, through
/// the same steps.
///
/// The caller sees exactly the sequential reading: the same events in the same order, and each
/// warning, progress report, skipped count, late member list and error handed over with the
/// event whose reading met it, on the caller's thread. So the output, standard error and the
/// point where a strict reading stops do not depend on how the two threads interleave.
struct PrefetchedEvents: TranscriptEventSource {
    /// One `nextItem()` of the reader, with everything that call produced besides the item.
    private struct Entry: Sendable {
        var item: TranscriptReader.Item?
        var error: ReadError?
        var warnings: [ReadWarning]
        var progress: [RenderProgress]
        var shape: InputShape?
        var messageCount: Int
        var skippedMessageCount: Int
        var hardDeletedMessageCount: Int
        var lateMembers: [ChatUser]?

        /// What is left in a batch's place once its entry was moved out.
        static let spent = Entry(
            item: nil, error: nil, warnings: [], progress: [], shape: nil, messageCount: 0, skippedMessageCount: 0,
            hardDeletedMessageCount: 0, lateMembers: nil)
    }

    /// Readings are handed over this many at a time, so that the threads meet rarely (waking a
    /// thread costs tens of microseconds here). The render pass's batches are small, which keeps
    /// the first screen of `scrollback view` quick and its messages few in memory; the index
    /// pass's messages are small, and the first screen waits for all of them.
    private static func batchSize(rendering: Bool) -> Int { rendering ? 64 : 256 }
    /// At most this many batches wait, which bounds the memory the reading ahead takes.
    private static let batchesAhead = 8

    /// Whether each item is moved out of its batch rather than copied. A copy leaves the freeing
    /// of a big message to the reading thread, where its spent batch goes; the index pass's
    /// small messages are as cheap to free here, and moving them saves the copy.
    private let movesItems: Bool
    /// The reading thread, if there is one.
    private let producer: Producer?
    /// The reader itself when there is no reading thread.
    private var inlineReader: BatchReader?
    private var batch: [Entry] = []
    private var position = 0
    private var finished = false
    /// The reader's warnings, said on the reading thread, are passed on here, and the
    /// drawing's reported.
    let warnings: WarningChannel
    /// Where the progress the reader reported goes, on the caller's thread.
    private let report: (@Sendable (RenderProgress) -> Void)?
    private var lateMembers: [ChatUser]?

    private(set) var shape: InputShape?
    /// How many message events the reader has returned, as ``TranscriptReader/messageCount``.
    private(set) var messageCount = 0
    private var readingSkipped = 0
    var keepsRepliesInMemory: Bool { false }
    var skippedMessageCount: Int { readingSkipped + warnings.skippedMessageCount }
    private(set) var hardDeletedMessageCount = 0

    /// Starts reading at once. `makeReader` builds the reader on the caller's thread, given
    /// where its warnings and progress reports must go (no progress sink when `progress` is
    /// `nil`); from then on only the reading thread touches it, and it must share nothing the
    /// caller goes on using. `onWarning` and `progress` are called on the caller's thread. With
    /// `parsesTexts` (the render pass), the reading thread also parses each message's text
    /// (``ChatMessage/parsedText``), which the drawing would otherwise do, and entries are
    /// copied out of their batches rather than moved (``movesItems``).
    init(
        threaded: Bool, parsesTexts: Bool = false, strict: Bool,
        onWarning: @escaping (ReadWarning) -> Void,
        progress: (@Sendable (RenderProgress) -> Void)?,
        makeReader: (_ onWarning: @escaping (ReadWarning) -> Void, _ progress: ((RenderProgress) -> Void)?) -> TranscriptReader
    ) {
        warnings = WarningChannel(strict: strict, onWarning: onWarning)
        report = progress
        movesItems = !parsesTexts
        let heard = Heard()
        let sink: ((RenderProgress) -> Void)? = progress == nil ? nil : { heard.said.progress.append($0) }
        let reader = BatchReader(
            reader: makeReader({ heard.said.warnings.append($0) }, sink), heard: heard, parsesTexts: threaded && parsesTexts,
            batchSize: Self.batchSize(rendering: parsesTexts))
        if threaded {
            // The reader, its `heard` and the closures that reach it go to the thread together:
            // nothing here keeps a reference to any of them.
            producer = Producer(reader: Transfer(reader))
        } else {
            (producer, inlineReader) = (nil, reader)
        }
    }

    mutating func nextItem() throws(ReadError) -> TranscriptReader.Item? {
        guard !finished else { return nil }
        if position == batch.count {
            if let producer {
                // The spent batch goes back to be freed on the reading thread, whose allocations
                // they were: freeing a message is a tenth of the drawing thread's work otherwise.
                batch = producer.queue.pop(returning: batch)
            } else {
                batch = inlineReader!.next()
            }
            position = 0
        }
        // Field by field: copying a whole entry, then its item out of it, cost more than the rest.
        let current = position
        position += 1
        shape = batch[current].shape
        messageCount = batch[current].messageCount
        readingSkipped = batch[current].skippedMessageCount
        hardDeletedMessageCount = batch[current].hardDeletedMessageCount
        if let members = batch[current].lateMembers { lateMembers = members }
        if !batch[current].warnings.isEmpty { warnings.forward(batch[current].warnings) }
        if !batch[current].progress.isEmpty { batch[current].progress.forEach { report?($0) } }
        if let error = batch[current].error {
            finished = true
            throw error
        }
        var item: TranscriptReader.Item?
        if movesItems {
            swap(&item, &batch[current].item)
        } else {
            item = batch[current].item
        }
        if item == nil { finished = true }
        return item
    }

    mutating func takeLateMembers() -> [ChatUser]? {
        defer { lateMembers = nil }
        return lateMembers
    }
}

extension PrefetchedEvents {
    /// What the reader said while reading one item: its callbacks append here, and the batch
    /// reader takes it after each item. Both are on the reading thread.
    private final class Heard {
        /// Both lists in one stored property: each access to a class's stored property is
        /// checked at run time, and an item that said nothing then costs one check, not two.
        var said = Said()

        struct Said {
            var warnings: [ReadWarning] = []
            var progress: [RenderProgress] = []
            var isEmpty: Bool { warnings.isEmpty && progress.isEmpty }
        }
    }

    /// The reader, read a batch at a time, each item with what its reading said. Used by one
    /// thread: the reading thread, or the caller's when there is none.
    private struct BatchReader {
        private var reader: TranscriptReader
        private let heard: Heard
        private let parsesTexts: Bool
        private let batchSize: Int

        init(reader: TranscriptReader, heard: Heard, parsesTexts: Bool, batchSize: Int) {
            self.reader = reader
            self.heard = heard
            self.parsesTexts = parsesTexts
            self.batchSize = batchSize
        }

        /// Up to `batchSize` items; the last batch ends with the end (no item)
        /// or the error that stopped the reading.
        mutating func next() -> [Entry] {
            var batch: [Entry] = []
            batch.reserveCapacity(batchSize)
            while batch.count < batchSize {
                // Read in its place in the batch: an entry read first and then appended was
                // copied, the whole message retained once more.
                batch.append(.spent)
                read(into: &batch[batch.count - 1])
                if batch[batch.count - 1].item == nil { break }
            }
            if parsesTexts {
                for index in batch.indices { Self.parseText(of: &batch[index].item) }
            }
            return batch
        }

        /// The reader's next item, with everything the call produced besides, into a spent
        /// entry: the reader reached once for all of it, and what was heard swapped out.
        private mutating func read(into entry: inout Entry) {
            do throws(ReadError) {
                entry.item = try reader.nextItem()
            } catch {
                entry.error = error
            }
            entry.shape = reader.shape
            entry.messageCount = reader.messageCount
            entry.skippedMessageCount = reader.skippedMessageCount
            entry.hardDeletedMessageCount = reader.hardDeletedMessageCount
            entry.lateMembers = reader.takeLateMembers()
            if !heard.said.isEmpty {
                swap(&entry.warnings, &heard.said.warnings)
                swap(&entry.progress, &heard.said.progress)
            }
        }

        /// Parses the text of a message the drawing will take from here, into the message
        /// itself. A thread reply is drawn under its thread, read back from the index's spool;
        /// only its copy sent to the channel is drawn from here.
        private static func parseText(of item: inout TranscriptReader.Item?) {
            // Taken out of the entry first, so that the message is the one holder of its fields
            // and setting one copies none.
            switch item.take() {
            case .message(var message, let json, let offset)?:
                if !message.text.isEmpty && (message.parentID == nil || message.showInChannel) {
                    message.parsedText = ChatMarkdown.parse(message.text, mentionedUsers: message.mentionedUsers)
                }
                item = .message(message, json: json, offset: offset)
            case let other:
                item = other
            }
        }
    }

    /// The reading thread and its queue. When the last copy of the source goes (the rendering
    /// finished, or stopped early), the thread is told to stop and waited for, so that it never
    /// reads from an input its owner has closed.
    private final class Producer {
        let queue = BatchQueue<Entry>(capacity: PrefetchedEvents.batchesAhead)
        private let done = DispatchSemaphore(value: 0)

        init(reader: Transfer<BatchReader>) {
            let (queue, done) = (queue, done)
            WorkerThread.start {
                defer { done.signal() }
                var reader = reader.value
                while true {
                    let batch = reader.next()
                    guard queue.push(batch), batch.last?.item != nil else { return }
                }
            }
        }

        deinit {
            queue.cancel()
            done.wait()
        }
    }
}
