import Foundation
import TestSupport
import Testing

@testable import Scrollback

/// An app's snapshot tests import Scrollback beside SwiftUI and Stream's iOS SDK. Neither can be
/// built on Linux, so stand-in modules declare their names, and client files are type-checked
/// against them and the built `Scrollback` module.
@Suite struct NeighbourSDKTests {
    /// Top-level types SwiftUI declares: its views, shapes, scenes, layout and environment
    /// values, the names a transcript library is likeliest to have chosen too.
    static let swiftUITypes = """
        View Text Image Color Font Label Link Group Section List Table TableColumn Divider Spacer
        Button Toggle Menu Form Grid GridRow Layout Alignment HorizontalAlignment VerticalAlignment
        Edge EdgeInsets Axis Path Shape Circle Rectangle RoundedRectangle Capsule Ellipse Gradient
        LinearGradient Angle Animation Transaction Environment EnvironmentValues Binding State
        StateObject ObservedObject Namespace ForEach Canvas ProgressView ScrollView Stepper Slider
        Picker DatePicker TextField SecureField TextEditor NavigationLink NavigationStack
        NavigationView TabView Tab Window WindowGroup Scene App Commands Material ShapeStyle
        Visibility ContentMode ColorScheme DynamicTypeSize GeometryReader GeometryProxy Anchor
        ToolbarItem ToolbarItemGroup Gauge ControlSize LabeledContent DisclosureGroup OutlineGroup
        ShareLink Prominence AnyView EmptyView TupleView ViewBuilder ModifiedContent ViewModifier
        Transition AnyTransition AccessibilityTraits LocalizedStringKey Spring TimelineView
        ImageRenderer ButtonRole ScenePhase DocumentGroup FileDocument FocusState PreviewProvider
        """
        .split(whereSeparator: \.isWhitespace).map(String.init)

    /// Scrollback's public top-level types, from its sources.
    static var scrollbackTypes: [String] {
        let sources = SampleTranscripts.repositoryRoot.appendingPathComponent("Sources/Scrollback")
        let pattern = /^public (?:final |indirect )?(?:struct|enum|class|protocol|typealias|actor) ([A-Za-z_][A-Za-z0-9_]*)/
            .anchorsMatchLineEndings()
        var names: Set<String> = []
        for case let file as URL in FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        where file.pathExtension == "swift" {
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            for match in text.matches(of: pattern) { names.insert(String(match.1)) }
        }
        return names.sorted()
    }

    @Test func everyPublicTypeIsFoundUnqualifiedBesideSwiftUI() throws {
        guard let modules = TypeChecking.builtModules else { return }
        let types = Self.scrollbackTypes
        #expect(types.count > 50 && types.contains("ViewNode"), "\(types)")
        let standIn = try TypeChecking.emitModule(
            named: "SwiftUI", source: Self.swiftUITypes.map { "public struct \($0) {}" }.joined(separator: "\n"))
        let client =
            "import SwiftUI\nimport Scrollback\n"
            + types.map { "typealias Uses\($0) = \($0)" }.joined(separator: "\n")
        let outcome = try TypeChecking.typeCheck(client, modules: modules, moduleDirectory: standIn)
        #expect(outcome.compiled, "\(outcome.diagnostics)")
        // The check itself: a name two imported modules declare is refused.
        let clash = try TypeChecking.emitModule(named: "Clash", source: "public struct ViewNode {}")
        let clashing = try TypeChecking.typeCheck(
            "import Clash\nimport Scrollback\ntypealias UsesViewNode = ViewNode\n", modules: modules, moduleDirectory: clash)
        #expect(!clashing.compiled && clashing.diagnostics.contains("ambiguous"), "\(clashing.diagnostics)")
    }

    /// The stand-in for Stream's iOS SDK: the names an app's attachment code uses, shaped as
    /// that SDK's are.
    static let streamChat = """
        public struct AttachmentType: RawRepresentable, Codable, Hashable, ExpressibleByStringLiteral {
            public let rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            public init(stringLiteral value: String) { rawValue = value }
        }
        public protocol AttachmentPayload: Codable { static var type: AttachmentType { get } }
        public struct ChatMessage {}
        public struct ChatChannel {}
        public struct ChatUser {}
        public protocol ViewFactory {}
        """

    @Test func onePayloadServesBothSDKs() throws {
        guard let modules = TypeChecking.builtModules else { return }
        let standIn = try TypeChecking.emitModule(named: "StreamChat", source: Self.streamChat)
        // As "Next to StreamChat" (AttachmentsAndCardFiles.md) shows it: the app's payload, declared once for
        // its chat screens, is drawn by Scrollback too; only names both SDKs have are qualified.
        let outcome = try TypeChecking.typeCheck(
            """
            import Scrollback
            import StreamChat

            struct ContactAttachmentPayload: StreamChat.AttachmentPayload, AttachmentViewProviding {
                static let type: StreamChat.AttachmentType = "contact"
                var name: String
                func makeView(for attachment: ChatMessageAttachment<Self>, context: RenderContext) -> ViewNode {
                    .text(name)
                }
                func makeQuotedPreview(for attachment: ChatMessageAttachment<Self>, context: RenderContext) -> ViewNode? {
                    .text("Contact: \\(name)")
                }
            }

            func contacts(in message: Scrollback.ChatMessage) -> [ChatMessageAttachment<ContactAttachmentPayload>] {
                message.attachments(payloadType: ContactAttachmentPayload.self, resolver: DefaultMessageTypeResolver())
            }
            let registry = AttachmentViewRegistry().registering(ContactAttachmentPayload.self)
            """, modules: modules, moduleDirectory: standIn)
        #expect(outcome.compiled, "\(outcome.diagnostics)")
    }

    @Test func aPayloadTypedWithTheOtherSDKsKindIsDrawn() {
        // What the compiled client above does, run: `type` of a string-backed type of the app's.
        struct OtherKind: RawRepresentable, Hashable {
            var rawValue: String
        }
        struct Contact: AttachmentViewProviding {
            static let type = OtherKind(rawValue: "contact")
            var name: String
            func makeView(for attachment: ChatMessageAttachment<Self>, context: RenderContext) -> ViewNode {
                .text("CONTACT \(name)")
            }
            func makeQuotedPreview(for attachment: ChatMessageAttachment<Self>, context: RenderContext) -> ViewNode? { nil }
        }
        let message = ExtensionPathTests.message([["type": .string("contact"), "name": .string("Ada")]])
        let registry = AttachmentViewRegistry().registering(Contact.self)
        #expect(ExtensionPathTests.markdown([message], registry: registry).contains("CONTACT Ada"))
        let decoded = message.attachments(payloadType: Contact.self, resolver: DefaultMessageTypeResolver())
        #expect(decoded.map(\.payload.name) == ["Ada"])
        #expect(decoded.first?.type == AttachmentType(rawValue: "contact"))
    }
}
