import Foundation
import Testing

@testable import Scrollback

@Suite struct TranscriptLayoutTests {
    let ada = ChatUser(id: "ada", name: "Ada")
    let bob = ChatUser(id: "bob", name: "Bob")

    func message(_ id: String, _ user: ChatUser?, at seconds: Double, type: MessageType = .regular, edited: Bool = false) -> ChatMessage {
        var message = ChatMessage(id: id, type: type, text: id, user: user, createdAt: Date(timeIntervalSince1970: seconds))
        if edited { message.textUpdatedAt = message.createdAt }
        return message
    }

    /// Lays out `messages` and describes each item: "day", or "id:FL" with F/L for first/last in group.
    func layout(_ messages: [ChatMessage], zone: String = "UTC") -> [String] {
        var layout = TranscriptLayout(labels: DateLabels(timeZone: TimeZone(identifier: zone)!, locale: Locale(identifier: "en_US_POSIX")))
        var items: [LayoutItem] = []
        for message in messages { items += layout.add(message: message) }
        items += layout.flush()
        return items.map { item in
            switch item {
            case .channel: return "channel"
            case .day: return "day"
            case .thread: return "thread"
            case .message(let item):
                return item.message.id + ":" + (item.isFirstInGroup ? "F" : "") + (item.isLastInGroup ? "L" : "")
            }
        }
    }

    @Test func groupsSameAuthorWithinAMinute() {
        let items = layout([
            message("a1", ada, at: 1000), message("a2", ada, at: 1060), message("a3", ada, at: 1121),
            message("b1", bob, at: 1130), message("b2", bob, at: 1140),
        ])
        #expect(items == ["day", "a1:F", "a2:L", "a3:FL", "b1:F", "b2:L"])
    }

    @Test func systemEphemeralAndEditedMessagesBreakGroups() {
        #expect(
            layout([message("a1", ada, at: 0), message("s", ada, at: 10, type: .system), message("a2", ada, at: 20)])
                == ["day", "a1:FL", "s:FL", "a2:FL"])
        #expect(layout([message("a1", ada, at: 0), message("e", ada, at: 10, type: .ephemeral)]) == ["day", "a1:FL", "e:FL"])
        #expect(layout([message("a1", ada, at: 0, edited: true), message("a2", ada, at: 10)]) == ["day", "a1:FL", "a2:FL"])
        #expect(layout([message("a1", ada, at: 0), message("a2", ada, at: 10, edited: true)]) == ["day", "a1:F", "a2:L"])
    }

    @Test func daySeparatorsFollowTheReadersTimeZone() {
        // 14:30 and 15:30 UTC on one day are 23:30 and 00:30 in Tokyo (+9): two days.
        let messages = [message("a", ada, at: 52_200), message("b", bob, at: 55_800)]
        #expect(layout(messages) == ["day", "a:FL", "b:FL"])
        #expect(layout(messages, zone: "Asia/Tokyo") == ["day", "a:FL", "day", "b:FL"])
    }

    @Test func aNewDayBreaksAGroup() {
        #expect(layout([message("a1", ada, at: 86_390), message("a2", ada, at: 86_410)]) == ["day", "a1:FL", "day", "a2:FL"])
    }

    @Test func messagesWithoutDatesStillRender() {
        let undated = ChatMessage(id: "x", text: "x", user: ada)
        #expect(layout([undated, undated]) == ["x:FL", "x:FL"])
    }
}

@Suite struct DateLabelsTests {
    @Test func timesUseTheZoneAndTheLocalesClock() {
        let date = Date(timeIntervalSince1970: 1_610_469_805) // 2021-01-12 16:43:25 UTC
        #expect(DateLabels(timeZone: TimeZone(identifier: "UTC")!, locale: Locale(identifier: "en_US_POSIX")).time(date) == "16:43")
        #expect(DateLabels(timeZone: TimeZone(identifier: "Asia/Kolkata")!, locale: Locale(identifier: "en_GB")).time(date) == "22:13")
        #expect(
            DateLabels(timeZone: TimeZone(identifier: "America/New_York")!, locale: Locale(identifier: "en_US")).time(date) == "11:43 AM")
    }

    @Test func daysAreAbsolute() {
        let labels = DateLabels(timeZone: TimeZone(identifier: "UTC")!, locale: Locale(identifier: "en_US"))
        let day = labels.day(Date(timeIntervalSince1970: 1_610_469_805))
        #expect(day.contains("January 12") && day.contains("2021") && day.contains("Tuesday"), "\(day)")
    }

    @Test func offsetsChangeAcrossDaylightSavingTime() {
        let labels = DateLabels(timeZone: TimeZone(identifier: "Europe/Paris")!, locale: Locale(identifier: "en_GB"))
        // 2021-03-28 00:30 UTC is 01:30 CET; 01:30 UTC is 03:30 CEST.
        #expect(labels.time(Date(timeIntervalSince1970: 1_616_891_400)) == "01:30")
        #expect(labels.time(Date(timeIntervalSince1970: 1_616_895_000)) == "03:30")
    }
}
