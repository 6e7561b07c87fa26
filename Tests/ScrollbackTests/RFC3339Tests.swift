import Testing
@testable import Scrollback
