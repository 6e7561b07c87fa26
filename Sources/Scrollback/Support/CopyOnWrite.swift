/// A value type's fields behind one reference, copied only when written while another value
/// shares them, as the standard library's collections do. Messages and users travel through
/// every stage of a rendering; with their fields here, a copy is one retain, not a memberwise
/// copy of thirty.
struct CopyOnWrite<Fields: Hashable & Sendable>: Hashable, Sendable {
    // Written only through `fields`, when no other value holds it.
    private final class Box: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    init(_ fields: Fields) {
        box = Box(fields)
    }

    var fields: Fields {
        get { box.fields }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
            yield &box.fields
        }
    }

    static func == (lhs: CopyOnWrite, rhs: CopyOnWrite) -> Bool {
        lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(box.fields)
    }
}
