import Foundation
import Scrollback
import Testing

@testable import ScrollbackCLI

/// Each option is declared once, as a property of an option group: the parser, help and the
/// commands read that declaration, and the values come back typed.
@Suite struct OptionDeclarationTests {
    static let specs = ScrollbackTool.commands.map { $0.spec }

    @Test(arguments: specs.map(\.name))
    func namesAndShortNamesAreUniqueInACommand(command: String) throws {
        let spec = try #require(Self.specs.first { $0.name == command })
        let names = spec.options.map(\.name)
        #expect(Set(names).count == names.count, "\(names)")
        let shorts = spec.options.compactMap(\.short)
        #expect(Set(shorts).count == shorts.count, "\(shorts)")
        #expect(spec.options.last?.name == "help")
    }

    /// A group lists its properties by hand (``OptionGroup/declarations``): an option declared
    /// and not listed would be one the parser refuses and help leaves out. Reflection, which
    /// the tool does not use, finds them all here.
    @Test func everyGroupListsEachOfItsPropertiesInOrder() {
        var checked: [String] = []
        func check(_ group: any OptionGroup) {
            checked.append("\(type(of: group))")
            let properties = Mirror(reflecting: group).children.map { child -> [String] in
                (child.value as? any OptionDeclaration)?.specs.map(\.name) ?? ["not an option: \(child.label ?? "?")"]
            }
            #expect(properties == group.declarations.map { $0.specs.map(\.name) }, "\(type(of: group))")
            for case let nested as any OptionGroup in Mirror(reflecting: group).children.map(\.value) { check(nested) }
        }
        func checkOptions<C: Command>(of _: C.Type) { check(C.Options()) }
        for command in ScrollbackTool.commands { checkOptions(of: command) }
        for group in ["TranscriptOptions", "MediaOptions", "Options", "NoOptions"] {
            #expect(checked.contains(group), "\(checked)")
        }
    }

    @Test func renderAndViewShareOneGroup() {
        let shared = TranscriptOptions().specs.map(\.name)
        #expect(shared.count == 18)
        for spec in [RenderCommand.spec, ViewCommand.spec] {
            let names = spec.options.map(\.name)
            // In the group's order, where the command includes it.
            let start = names.firstIndex(of: shared[0]) ?? 0
            #expect(Array(names.dropFirst(start).prefix(shared.count)) == shared, "\(spec.name)")
        }
    }

    @Test func usageLinesNameTheOptionsOnce() {
        #expect(RenderCommand.spec.usage == "scrollback render [<options>] [<input>]")
        #expect(ViewCommand.spec.usage == "scrollback view [<options>] [<input>]")
        #expect(ThemeCommand.spec.usage == "scrollback theme [<options>] <action> <theme>")
        #expect(ThemeListCommand.spec.usage == "scrollback themes [<options>]")
        let run = ToolRun(["render", "--fromat", "html"])
        #expect(run.errors.contains("\nUsage: scrollback render [<options>] [<input>]\n"), "\(run.errors)")
    }

    @Test func valuesAreReadBackTyped() throws {
        let arguments = try RenderCommand.spec.parse(
            ["in.json", "-f", "md", "--width=100", "--user", "ann", "--user", "bo", "--strict", "--style", "compact", "--split", "3"],
            as: RenderCommand.Options.self)
        #expect(arguments[\.format] == .markdown)
        #expect(arguments[\.transcript.width] == 100)
        #expect(arguments.all(\.transcript.user) == ["ann", "bo"])
        #expect(arguments[\.transcript.user] == "bo")
        #expect(arguments[\.transcript.strict])
        #expect(!arguments[\.singleThread])
        #expect(arguments[\.transcript.style] == .compact)
        #expect(arguments[\.split] == 3)
        #expect(arguments[\.output] == nil)
        #expect(arguments.positionals == ["in.json"])
        let transcript = arguments.group(\.transcript)
        #expect(transcript[\.width] == 100)
        #expect(transcript.given.map(\.name) == ["width", "user", "strict", "style"])
    }

    @Test func aFixedSetOfValuesIsDeclaredAndItsOthersRefused() throws {
        let options = Dictionary(uniqueKeysWithValues: RenderCommand.spec.options.map { ($0.name, $0) })
        #expect(options["color"]?.choices == ["auto", "always", "never"])
        #expect(options["appearance"]?.choices == ["auto", "light", "dark"])
        #expect(options["format"]?.choices == ["html", "ansi", "markdown"])
        #expect(options["width"]?.choices == [])
        #expect(throws: UsageError(message: "Unknown colour choice 'sometimes'. Use auto, always or never.")) {
            try RenderCommand.spec.parse(["--color", "sometimes"], as: RenderCommand.Options.self)
        }
    }

    @Test func helpIsShownWhateverTheValues() {
        let run = ToolRun(["render", "--width", "ten", "--help"])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("OVERVIEW: Render"))
    }

    @Test func helpNamesTheFormatOfAnOptionWhereTheCommandWritesSeveral() {
        let render = ToolRun(["render", "--help"], environment: ["COLUMNS": "200"]).output
        #expect(render.contains("  -w, --width <columns>   ANSI: line width. (default:"), "\(render)")
        #expect(render.contains("ANSI: ASCII only (borders"))
        #expect(render.contains("HTML: show images and avatars as links"))
        let view = ToolRun(["view", "--help"], environment: ["COLUMNS": "200"]).output
        #expect(view.contains("  -w, --width <columns>   Line width. (default:"), "\(view)")
        #expect(!view.contains("ANSI:"))
    }
}
