import Foundation
import ScrollbackTesting
import Testing

@testable import Scrollback

/// Card files: loading, templates, URL encoding, the cards' views, and the sample transcript
/// drawn with the sample card file. Their mistakes are in ``ConfigurationCheckerTests``.
@Suite struct CardFileTests {
    static let sampleCards = SampleTranscripts.cardsPath("cards.json")

    static func attachment(_ fields: JSONObject, type: String = "workout") -> Scrollback.AnyChatMessageAttachment {
        var raw = fields
        raw["type"] = .string(type)
        return Scrollback.AnyChatMessageAttachment(id: AttachmentID(messageID: "m", index: 0), raw: raw)
    }

    static func card(_ json: String, type: String = "workout") throws -> AttachmentCard {
        let file = try CardFile(json: #"{"version": 1, "cards": {"\#(type)": \#(json)}}"#)
        return try #require(file.card(for: AttachmentType(rawValue: type)))
    }

    // MARK: - Loading

    @Test func loadsTheSampleFile() throws {
        let file = try CardFile.load(path: Self.sampleCards)
        #expect(file.version == 1)
        #expect(file.cards.map(\.type.rawValue) == ["workout", "payment", "location", "party_invite"])
        let workout = try #require(file.card(for: "workout"))
        #expect(workout.icon == "🏃")
        #expect(workout.title.source == "{activity}")
        #expect(workout.axis == .horizontal)
        #expect(workout.link?.url.placeholders == ["route_url"])
        let invite = try #require(file.card(for: "party_invite"))
        #expect(invite.fields.map(\.label) == ["Guests", "Bring"])
        #expect(invite.axis == .vertical)
        let location = try #require(file.card(for: "location"))
        #expect(location.fields.map(\.label) == ["Latitude", "Longitude"])

        let registry = file.registry
        #expect(registry.registeredTypes.map(\.rawValue) == ["location", "party_invite", "payment", "workout"])
        #expect(registry.renderer(for: "workout")?.preferredAxis == .horizontal)
    }

    @Test func loadsFromBytesAndKeepsLaterRegistrationsWinning() throws {
        let file = try CardFile(data: Data(#"{"version": 1, "cards": {"workout": {"icon": "", "title": "{activity}"}}}"#.utf8))
        var registry = AttachmentViewRegistry()
        registry.register("workout", renderer: AttachmentViewRegistry.Renderer(makeView: { _, _ in .text("old") }))
        registry.register(cardFile: file)
        let context = RenderContext(options: RenderOptions(), factory: ViewFactory(), resolver: DefaultMessageTypeResolver())
        let view = try registry.renderer(for: "workout")?.makeView(Self.attachment(["activity": "Row"]), context)
        #expect(view == .card(.attachment, [.stack(.horizontal, [.text("Row", .title)])]))
    }

    // Mistakes in card files: ConfigurationCheckerTests, with those of theme files.

    // MARK: - Templates

    @Test func substitutesNestedValuesArraysAndMissingFields() throws {
        let fields: JSONObject = [
            "activity": "Run", "distance_km": 10.2, "duration_min": 52, "whole": 8.0, "done": true, "nothing": nil,
            "route": ["start": ["name": "Canal bridge"], "stops": ["Lock 3", "Weir"]],
            "guest_list": ["Sam", "Priya", 3, nil], "address": ["city": "Berlin"],
        ]
        func render(_ source: String) throws -> String { try CardTemplate(source).render(fields) }
        #expect(try render("{activity}: {distance_km} km in {duration_min} min") == "Run: 10.2 km in 52 min")
        #expect(try render("{route.start.name} → {route.stops.1}") == "Canal bridge → Weir")
        #expect(try render("{guest_list.0} and {guest_list}") == "Sam and Sam, Priya, 3")
        #expect(try render("[{missing}|{nothing}|{route.stops.9}|{activity.name}|{address}]") == "[||||]")
        #expect(try render("{whole} {done}") == "8 true")
        #expect(try render("{{literal}} {{{activity}}}") == "{literal} {Run}")
        #expect(try render("{ activity }") == "Run")
        #expect(try render("no placeholders") == "no placeholders")
        #expect(try CardTemplate("{a} and {b.c.0}").placeholders == ["a", "b.c.0"])
    }

    /// Many placeholders over many fields read them through a table: the same values, nested
    /// and missing ones too, as a few placeholders over a few fields.
    @Test func manyPlaceholdersOverManyFieldsReadTheSameValues() throws {
        var members: [(key: String, value: JSONValue)] = (0..<200).map { (key: "f\($0)", value: .integer(Int64($0))) }
        members.append((key: "nested", value: ["deep": ["x", "y"]]))
        let fields = JSONObject(members)
        let source = (0..<40).map { "{f\($0 * 5)}" }.joined(separator: ",") + "|{nested.deep.1}|{missing}|{f199.x}"
        let expected = (0..<40).map { String($0 * 5) }.joined(separator: ",") + "|y||"
        #expect(try CardTemplate(source).render(fields) == expected)
        #expect(try CardTemplate("{f7}-{nested.deep.0}").render(fields) == "7-x")
        #expect(
            try CardTemplate("https://x.example/{f3}?q={nested.deep.1}" + String(repeating: "{f1}", count: 20)).renderURL(fields)
                == "https://x.example/3?q=y" + String(repeating: "1", count: 20))
    }

    @Test(arguments: [
        ("{activity", CardTemplateError(kind: .unclosedPlaceholder, position: 1)),
        ("km }", CardTemplateError(kind: .unmatchedClosingBrace, position: 4)),
        ("a {}", CardTemplateError(kind: .emptyPlaceholder, position: 3)),
        ("{a..b}", CardTemplateError(kind: .emptyPlaceholder, position: 1)),
        ("{a {b}}", CardTemplateError(kind: .braceInsidePlaceholder, position: 4)),
        ("🏃 {x", CardTemplateError(kind: .unclosedPlaceholder, position: 3)),
    ])
    func rejectsUnbalancedBraces(source: String, expected: CardTemplateError) {
        #expect(throws: expected) { try CardTemplate(source) }
    }

    @Test func urlValuesStayInsideTheirParameter() throws {
        let template = try CardTemplate("https://maps.example.org/?lat={lat}&lon={lon}#zoom={zoom}")
        let url = template.renderURL(["lat": "1&evil=2#x", "lon": 13.35012, "zoom": "a b/c?d"])
        #expect(url == "https://maps.example.org/?lat=1%26evil%3D2%23x&lon=13.35012#zoom=a%20b%2Fc%3Fd")
        #expect(
            try CardTemplate("https://x.example/{name}").renderURL(["name": "Großer Stern~-._"])
                == "https://x.example/Gro%C3%9Fer%20Stern~-._")
        // A leading placeholder is a whole URL: inserted as is, then judged by the allow-list.
        #expect(
            try CardTemplate("{route_url}?from=chat").renderURL(["route_url": "https://r.example/1"]) == "https://r.example/1?from=chat")
    }

    // MARK: - Views

    @Test func drawsACardFromTheTemplates() throws {
        let card = try Self.card(
            #"""
            {"icon": "📍", "title": "{name}", "subtitle": "{note}",
             "fields": ["latitude", {"key": "address.city", "label": "City"}, "missing", "address"],
             "link": {"label": "Map", "url": "https://www.openstreetmap.org/?mlat={latitude}&mlon={longitude}"}}
            """#, type: "location")
        let view = card.makeView(
            for: Self.attachment(
                ["name": "Großer Stern", "latitude": 52.51452, "longitude": 13.35012, "address": ["city": "Berlin", "zip": nil]],
                type: "location"))
        #expect(
            view
                == .card(
                    .attachment,
                    [
                        .stack(.horizontal, [.text("📍"), .text("Großer Stern", .title)]),
                        .fields([
                            ViewNode.Field("Latitude", .text("52.51452")),
                            ViewNode.Field("City", .text("Berlin")),
                            ViewNode.Field("Address", .fields([ViewNode.Field("city", .text("Berlin"))])),
                        ]),
                        .link(destination: "https://www.openstreetmap.org/?mlat=52.51452&mlon=13.35012", label: .text("Map")),
                    ]))
    }

    @Test func emptyTitleFallsBackToTheTypeName() throws {
        let card = try Self.card(#"{"icon": "", "title": "{activity}", "link": {"url": "{route_url}"}}"#)
        #expect(card.makeView(for: Self.attachment([:])) == .card(.attachment, [.stack(.horizontal, [.text("workout", .title)])]))
        // With no label, the link shows its URL.
        let linked = card.makeView(for: Self.attachment(["route_url": "https://r.example/7"]))
        #expect(
            linked
                == .card(
                    .attachment,
                    [
                        .stack(.horizontal, [.text("workout", .title)]),
                        .link(destination: "https://r.example/7", label: .text("https://r.example/7")),
                    ]))
    }

    @Test func disallowedURLsDropTheLinkAndKeepTheLabel() throws {
        let card = try Self.card(#"{"icon": "🏃", "title": "{activity}", "link": {"label": "Route of {activity}", "url": "{route_url}"}}"#)
        for hostile in [
            "javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,<script>x</script>", "//evil.example", " javascript:x",
        ] {
            let view = card.makeView(for: Self.attachment(["activity": "Run", "route_url": .string(hostile)]))
            #expect(
                view
                    == .card(
                        .attachment,
                        [
                            .stack(.horizontal, [.text("🏃"), .text("Run", .title)]),
                            .text("Route of Run"),
                        ]), "\(hostile)")
        }
        // Inside a parameter, the same value is encoded and cannot become the scheme.
        let query = try Self.card(#"{"icon": "", "title": "t", "link": {"label": "Go", "url": "https://x.example/?q={q}"}}"#)
        let view = query.makeView(for: Self.attachment(["q": "javascript:alert(1)"]))
        #expect(
            view
                == .card(
                    .attachment,
                    [
                        .stack(.horizontal, [.text("t", .title)]),
                        .link(destination: "https://x.example/?q=javascript%3Aalert%281%29", label: .text("Go")),
                    ]))
    }

    @Test func quotedPreviewComesFromTheQuoteTemplate() throws {
        let card = try Self.card(#"{"icon": "🏃", "title": "t", "quote": "🏃 {activity}"}"#)
        #expect(card.makeQuotedPreview(for: Self.attachment(["activity": "Run"])) == .text("🏃 Run", .body))
        let empty = try Self.card(#"{"icon": "🏃", "title": "t", "quote": "{activity}"}"#)
        #expect(empty.makeQuotedPreview(for: Self.attachment([:])) == nil)
        let none = try Self.card(#"{"icon": "🏃", "title": "t"}"#)
        #expect(none.makeQuotedPreview(for: Self.attachment(["activity": "Run"])) == nil)
    }

    @Test func readableLabelsFromKeys() {
        #expect(AttachmentCard.Field(key: "guest_list").label == "Guest list")
        #expect(AttachmentCard.Field(key: "distanceKm").label == "Distance km")
        #expect(AttachmentCard.Field(key: "route.start-time").label == "Start time")
        #expect(AttachmentCard.Field(key: "_").label == "_")
    }

    // MARK: - The sample, whole

    static let formats = SampleTranscripts.Format.allCases

    @Test(arguments: formats)
    func sampleWithSampleCards(format: SampleTranscripts.Format) throws {
        let registry = try CardFile.load(path: Self.sampleCards).registry
        let (output, warnings) = try SampleTranscripts.render(
            "cards-demo.json", as: format, options: .default,
            attachmentViews: registry)
        #expect(warnings.isEmpty, "\(warnings)")
        assertSnapshot(
            of: output, as: .document(format),
            named: "cards-demo-" + format.name)
    }

    @Test func hostileFieldValuesAreEscapedInEveryOutput() throws {
        let registry = try CardFile.load(path: Self.sampleCards).registry
        let html = try SampleTranscripts.render("cards-demo.json", as: .html, options: .default, attachmentViews: registry).output
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("<img src=x"))
        #expect(html.contains("&lt;script&gt;alert("))
        #expect(!html.lowercased().contains("javascript:alert(document"))
        #expect(!html.contains("href=\"javascript"))
        #expect(!html.contains("\u{1B}"))

        var colour = RenderOptions.default
        colour.ansi.colorDepth = .ansi256
        let ansi = try SampleTranscripts.render("cards-demo.json", as: .ansi, options: colour, attachmentViews: registry).output
        #expect(!ansi.contains("\u{1B}[2J"))
        #expect(!ansi.contains("\u{1B}[31mnow"))
        #expect(ansi.contains("<script>alert('pwned')</script>"), "plain text in a terminal, shown as written")

        let markdown = try SampleTranscripts.render(
            "cards-demo.json", as: .markdown, options: .default,
            attachmentViews: registry
        ).output
        #expect(!markdown.contains("<script>"))
        #expect(!markdown.contains("[claim]("))
        #expect(markdown.contains(#"\[claim\](javascript:alert(1))"#))
        #expect(!markdown.contains("\u{1B}"))
    }

    @Test func withoutCardsTheSameTranscriptFallsBackToGenericCards() throws {
        let (output, _) = try SampleTranscripts.render("cards-demo.json", as: .markdown, options: .default)
        #expect(output.contains("**workout**"))
        #expect(!output.contains("Open in OpenStreetMap"))
    }
}
