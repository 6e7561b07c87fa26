import Foundation

extension ChatChannel {
    /// What a reader calls the channel, as Stream's clients do: its name, else its members other
    /// than the reader (`currentUserID`, `--me`): "Ann", "Ann and Bo", "Ann, Bo and Cy", "Ann, Bo,
    /// Cy and 4 others" (the theme's `namesAnd` and `namesAndOthers`); else its cid or id.
    public func title(currentUserID: String?, theme: Theme) -> String? {
        if let name, !name.isEmpty { return name }
        let others = members.filter { $0.id.isEmpty || $0.id != currentUserID }
        // A channel of the reader alone is named after the reader.
        let named = others.isEmpty ? members : others
        guard !named.isEmpty else { return displayName }
        let names = named.prefix(3).map(\.displayName)
        let readerIsMember = named.count != members.count
        let total = max(named.count, Int(clamping: memberCount ?? 0) - (readerIsMember ? 1 : 0))
        if total > 3 {
            return theme.string(.namesAndOthers, arguments: [names.joined(separator: ", "), String(total - 3)])
        }
        if names.count == 1 { return names[0] }
        return theme.string(.namesAnd, arguments: [names.dropLast().joined(separator: ", "), names[names.count - 1]])
    }
}
