import Foundation
import Scrollback

// Step 2: {"type": "payment", "amount": 4.5, "currency": "EUR", "status": "paid", "note": "..."}
/// Money sent, or asked for.
public struct PaymentAttachmentPayload: AttachmentViewProviding, Hashable {
    public static let type: AttachmentType = .payment

    /// `Decimal`, not `Double`: `4.5` stays 4.50, never 4.4999….
    public var amount: Decimal
    /// An ISO 4217 code such as `EUR`.
    public var currency: String
    public var status: Status
    public var note: String?

    public init(amount: Decimal, currency: String, status: Status, note: String? = nil) {
        self.amount = amount
        self.currency = currency
        self.status = status
        self.note = note
    }

    /// Where the payment stands. Newer app versions may send states this one does not know:
    /// they decode as ``unknown`` instead of turning the whole card into a generic one.
    public enum Status: String, Codable, Sendable, Hashable {
        case requested, paid, declined, unknown

        public init(from decoder: any Decoder) throws {
            self = Status(rawValue: try decoder.singleValueContainer().decode(String.self)) ?? .unknown
        }

        var label: String {
            switch self {
            case .requested: "Requested"
            case .paid: "Paid"
            case .declined: "Declined"
            case .unknown: "Status unknown"
            }
        }
    }

    /// A reply's quote of this kind: the default (the app's factory decides for workouts).
    public func makeQuotedPreview(for attachment: ChatMessageAttachment<Self>, context: RenderContext) -> ViewNode? {
        nil
    }
    // Step 4: the status as a badge beside the amount.
    public func makeView(for attachment: ChatMessageAttachment<Self>, context: RenderContext) -> ViewNode {
        var parts: [ViewNode] = [
            .stack(
                .horizontal,
                [
                    .text(status == .requested ? "🧾" : "💸"), .text(amountText(locale: context.options.locale), .title),
                    .badge(status.label),
                ])
        ]
        if let note, !note.isEmpty { parts.append(.text(note, .muted)) }
        return .card(.attachment, parts)
    }

    /// `€ 4.50` for a known currency code; the number and whatever the sender wrote otherwise.
    func amountText(locale: Locale) -> String {
        let isCurrencyCode = currency.utf8.count == 3 && currency.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
        if isCurrencyCode { return amount.formatted(.currency(code: currency).locale(locale)) }
        return "\(amount.formatted(.number.precision(.fractionLength(2)).locale(locale))) \(currency)"
    }
}
