import Foundation
import ScrollbackCLI

exit(ScrollbackTool.system().run(Array(CommandLine.arguments.dropFirst())))
