import Foundation
import Testing

@testable import Scrollback

@Suite struct AttachmentSummaryTests {
    func summary(_ attachments: [JSONObject], poll: JSONValue? = nil) -> String? {
        var message = ChatMessage(id: "q")
        message.attachments = attachments.enumerated().map {
            Scrollback.AnyChatMessageAttachment(id: AttachmentID(messageID: "q", index: $0.offset), raw: $0.element)
        }
        if let poll { message.raw["poll"] = poll }
        return AttachmentSummary.text(for: message, theme: .default)
    }

    @Test func summariesAsChatClientsWriteThem() {
        #expect(summary([["type": "image"]]) == "Photo")
        #expect(summary([["type": "image"], ["type": "image"], ["type": "image"]]) == "3 photos")
        #expect(summary([["type": "video"]]) == "Video")
        #expect(summary([["type": "video"], ["type": "video"]]) == "2 videos")
        #expect(summary([["type": "file", "title": "report.pdf"]]) == "report.pdf")
        #expect(summary([["type": "file"]]) == "File")
        #expect(summary([["type": "file"], ["type": "file"], ["type": "file"], ["type": "file"]]) == "4 files")
        #expect(summary([["type": "voiceRecording", "duration": 42.4]]) == "Voice message (0:42)")
        #expect(summary([["type": "audio"]]) == "Audio")
        #expect(summary([["type": "image"], ["type": "file"]]) == "2 files")
        #expect(summary([], poll: ["name": "Lunch?", "options": []]) == "Lunch?")
        #expect(summary([]) == nil)
    }
}

@Suite struct HostileNumbersTests {
    @Test func absurdDurationsAndSizesDoNotCrash() {
        #expect(AttachmentFormatting.duration(1e300) == "99999:59:59")
        #expect(AttachmentFormatting.duration(-.infinity) == "0:00")
        #expect(AttachmentFormatting.fileSize(.max).hasSuffix("TB"))
        #expect(AttachmentFormatting.waveform([.nan, 2, -1, .infinity], bars: 4) == "▁█▁▁")
    }
}
