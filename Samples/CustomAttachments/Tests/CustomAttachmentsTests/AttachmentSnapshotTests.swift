import Scrollback
import ScrollbackTesting
import Testing

@testable import CustomAttachments

/// The snapshots' options: the defaults, at 60 columns in the terminal.
private let snapshotOptions: RenderOptions = {
    var options = RenderOptions()
    options.ansi.width = 60
    return options
}()

/// The app's attachment views pinned three ways, with the app's components set once for the
/// suite: the view tree (what the factory decided), the terminal text, and the HTML page as a
/// phone-width browser shows it. The references in `__Snapshots__/AttachmentSnapshotTests/` are
/// reviewed like code; a change to a view shows up in them as a diff.
@Suite(
    .snapshots(
        options: snapshotOptions, factory: ViewFactory.app, resolver: AppResolver(),
        attachmentViews: AppTranscript.attachmentViews))
struct AttachmentSnapshotTests {
    static let fixture = try! ChatFixture(contentsOf: CustomAttachmentsTests.transcriptPath)

    /// Each kind with the messages that show it: a quote needs its quoted message beside it
    /// to link to it.
    static let kinds: [String: [String]] = [
        "workout": ["run-001"],
        "legacy-run": ["run-004"],
        "payments": ["run-003", "run-010", "run-011"],
        "locations": ["run-007"],
        "quoted-workout": ["run-005", "run-006"],
        "hostile-workout": ["run-012"],
    ]

    static func messages(_ kind: String) -> [ChatMessage] {
        let ids = kinds[kind]!
        return fixture.messages.filter { ids.contains($0.id) }
    }

    @Test(arguments: kinds.keys.sorted())
    func attachment(kind: String) {
        let messages = Self.messages(kind)
        #expect(messages.count == Self.kinds[kind]!.count)
        assertSnapshot(of: messages, as: .dump(), named: kind)
        assertSnapshot(of: messages, as: .rendered(.ansi), named: kind)
        assertSnapshot(of: messages, as: .image(width: 390), named: kind)
    }

    /// The whole transcript, dark, at a desktop width.
    @Test func transcriptInTheDark() {
        assertSnapshot(of: Self.fixture, as: .image(width: 1024, appearance: .dark))
    }
}
