/// Problems met while views are made (an app's payload that fails to decode, say), collected
/// until the renderer hands them to the same warning channel as the reader's, with the same
/// `--strict` rule: nothing a slot decides to leave out goes unreported.
final class RenderProblems: Sendable {
    private let items = Locked<[ReadWarning]>([])
    /// The attachment kinds a resolver's answer was reported to hide.
    private let hiddenKinds = Locked<Set<AttachmentType>>([])

    func append(_ warning: ReadWarning) {
        items.withLock { $0.append(warning) }
    }

    /// Whether no attachment of `kind` was said to be hidden before; it now was.
    func isFirstHidden(_ kind: AttachmentType) -> Bool {
        hiddenKinds.withLock { $0.insert(kind).inserted }
    }

    /// Everything reported since the last call, in order.
    func drain() -> [ReadWarning] {
        items.withLock { items in
            defer { items.removeAll(keepingCapacity: true) }
            return items
        }
    }
}

extension RenderContext {
    /// Reports a problem with part of `message` that a slot drew some other way: the renderer
    /// passes it on with the reader's warnings (and stops for it under `strict`).
    public func report(_ reason: String, keyPath: String, in message: ChatMessage) {
        problems.append(ReadWarning(messageID: message.id, keyPath: keyPath, reason: reason, skippedMessage: false))
    }
}
