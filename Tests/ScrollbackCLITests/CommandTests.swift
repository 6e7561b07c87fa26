import Testing
@testable import ScrollbackCLI
