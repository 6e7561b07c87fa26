/// A message's `type`. Unknown values are kept as they were written and shown as regular.
public struct MessageType: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The `type` as written in the message.
    public let rawValue: String
    /// The type named `rawValue`, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// An ordinary message.
    public static let regular = MessageType(rawValue: "regular")
    /// A thread reply; shown like a regular message.
    public static let reply = MessageType(rawValue: "reply")
    /// A line the server or the app wrote, such as a member joining.
    public static let system = MessageType(rawValue: "system")
    /// A deleted message.
    public static let deleted = MessageType(rawValue: "deleted")
    /// A message only its sender sees, such as a command's preview.
    public static let ephemeral = MessageType(rawValue: "ephemeral")
    /// A message the server refused, such as one a moderation rule blocked.
    public static let error = MessageType(rawValue: "error")

    /// Every type Stream defines.
    public static let known: Set<MessageType> = [.regular, .reply, .system, .deleted, .ephemeral, .error]

    /// Whether the type is one of ``known``.
    public var isKnown: Bool { Self.known.contains(self) }
    /// The ``rawValue``.
    public var description: String { rawValue }
}
