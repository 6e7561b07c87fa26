/// The speakers of one rendering in order of first appearance, for their avatar colours: the
/// first author drawn takes colour 0, the next new one colour 1, and so on. The order is the
/// document's as drawn (threads under their first message when an index pass placed them), so
/// the same input and options always give the same colours, and a person keeps one colour on
/// every page and in every document of a rendering. It is kept while drawing rather than by the
/// index pass so that a rendering without one (a single pass, as a pager streaming its input may
/// use) gets distinct colours too.
///
/// Speakers are told apart by their ids, compared whole: two ids that hash alike are still two
/// people with two places. Past ``limit`` speakers (only a huge or hostile input has them) a
/// new one takes the colour of its id's hash, so that at most `limit` ids are kept.
final class SpeakerOrder: Sendable {
    /// The most speakers given a place in order.
    static let limit = 65_536

    /// A speaker's place in order, and the initials of the name they last appeared under.
    private struct Speaker {
        let index: Int
        var name: String
        var initials: String
    }

    /// Who a speaker is: their id, or, for one without an id, the name they go by.
    private enum Identity: Hashable {
        case id(String)
        case name(String)

        init(_ user: ChatUser) {
            self = user.id.isEmpty ? .name(user.displayName) : .id(user.id)
        }
    }

    /// The speakers by identity, and the answers given so far by user value (``AuthorSlots``):
    /// every message asks for its author's colour, and most for the avatar too, so most
    /// questions are answered without hashing an id. An answer depends only on the speaker's
    /// place, which never changes, and on the user's own name; `withInitials` tells whether
    /// the initials of a kept answer were worked out.
    private struct State {
        var order: [Identity: Speaker] = [:]
        var answers = AuthorSlots<(speaker: Speaker, withInitials: Bool)>()
    }

    private let state = Locked(State())

    /// The colour index of `user`: its place in order of first appearance.
    func index(of user: ChatUser) -> Int {
        speaker(user, needsInitials: false).index
    }

    /// The avatar of `user`: the colour of its place in order, and initials worked out once per
    /// speaker and name, since a name in another script costs a walk through its characters.
    func avatar(of user: ChatUser) -> ViewNode.AvatarContent {
        let speaker = speaker(user, needsInitials: true)
        return ViewNode.AvatarContent(imageURL: user.imageURL, initials: speaker.initials, colorIndex: speaker.index)
    }

    /// `user`'s entry, made on their first appearance; its initials are up to date only when
    /// `needsInitials` asks for them.
    private func speaker(_ user: ChatUser, needsInitials: Bool) -> Speaker {
        state.withLock { state in
            if let kept = state.answers[user], kept.withInitials || !needsInitials { return kept.speaker }
            let speaker = Self.speaker(user, needsInitials: needsInitials, in: &state.order)
            state.answers[user] = (speaker, needsInitials)
            return speaker
        }
    }

    /// `user`'s entry in `order`, made on their first appearance.
    private static func speaker(_ user: ChatUser, needsInitials: Bool, in order: inout [Identity: Speaker]) -> Speaker {
        let key = Identity(user)
        if var known = order[key] {
            guard needsInitials else { return known }
            let name = user.displayName
            guard known.name != name else { return known }
            (known.name, known.initials) = (name, ViewNode.AvatarContent.initials(of: name))
            order[key] = known
            return known
        }
        let name = needsInitials ? user.displayName : ""
        let initials = needsInitials ? ViewNode.AvatarContent.initials(of: name) : ""
        guard order.count < limit else {
            let colour = ViewNode.AvatarContent.key(of: user) % UInt64(ViewNode.AvatarContent.paletteSize)
            return Speaker(index: Int(colour), name: name, initials: initials)
        }
        let speaker = Speaker(index: order.count, name: name, initials: initials)
        order[key] = speaker
        return speaker
    }
}
