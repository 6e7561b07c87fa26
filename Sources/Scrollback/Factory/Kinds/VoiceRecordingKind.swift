import Foundation

extension BuiltInKind {
    /// A voice message recorded in the app (`voiceRecording`): a quote says "Voice message (0:42)".
    static let voiceRecording = BuiltInKind(
        types: [.voiceRecording], view: voiceRecordingView,
        summary: { _, first, _, theme in
            guard let duration = first.duration else { return theme.string(.voiceMessage) }
            return theme.string(.voiceMessageDuration, AttachmentFormatting.duration(duration))
        })

    /// A "Voice message" label linked to the recording, its waveform as a sparkline
    /// and its duration.
    private static func voiceRecordingView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext)
        -> ViewNode
    {
        let label = context.theme.string(.voiceMessage)
        let title: ViewNode = .text(label, .strong)
        var row: [ViewNode] = [
            .icon(name: .voiceRecording, label: label),
            attachment.assetURL.map { .link(destination: $0, label: title, download: true) } ?? title,
        ]
        // Clients draw the waveform before the duration, as a player would.
        let samples = Self.numbers(in: attachment.raw["waveform_data"])
        if !samples.isEmpty { row.append(.text(AttachmentFormatting.waveform(samples), .waveform)) }
        if let duration = attachment.duration { row.append(.badge(AttachmentFormatting.duration(duration))) }
        return .stack(.horizontal, row, .attachment)
    }

    /// The numbers among the elements of an array value (a waveform's samples), in order; none
    /// for any other value.
    private static func numbers(in value: JSONValue?) -> [Double] {
        guard let elements = value?.arrayValue else { return [] }
        var numbers: [Double] = []
        numbers.reserveCapacity(elements.count)
        for element in elements {
            if let number = element.doubleValue { numbers.append(number) }
        }
        return numbers
    }
}
