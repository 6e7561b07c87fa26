import Scrollback
import ScrollbackTesting
import Testing

/// The structural dump shows GitHub's extensions: task boxes, strikethrough and tables.
@Suite struct GFMDumpTests {
    @Test func gitHubMarkdownDumpsItsStructure() throws {
        let view = ViewNode.markdown(ChatMarkdown.parse("- [x] ~~a~~\n\n| h |\n|:-:|\n| c |", mentionedUsers: []))
        let dump = try Snapshotting<ViewNode, String>.dump.snapshot(view)
        #expect(
            dump == """
                markdown
                  bullet list
                    item
                      paragraph
                        checkbox ticked
                        strikethrough
                          text "a"
                  table center
                    header
                      cell
                        text "h"
                    row
                      cell
                        text "c"

                """)
    }
}
