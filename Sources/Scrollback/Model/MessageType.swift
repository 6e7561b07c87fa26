/// A message's `type`. Unknown values are kept as they were written and shown as regular.
public struct MessageType: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let regular = MessageType(rawValue: "regular")
    public static let reply = MessageType(rawValue: "reply")
    public static let system = MessageType(rawValue: "system")
    public static let deleted = MessageType(rawValue: "deleted")
    public static let ephemeral = MessageType(rawValue: "ephemeral")
    public static let error = MessageType(rawValue: "error")

    public static let known: Set<MessageType> = [.regular, .reply, .system, .deleted, .ephemeral, .error]

    public var isKnown: Bool { Self.known.contains(self) }
    public var description: String { rawValue }
}
