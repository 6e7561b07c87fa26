import Testing

@testable import Scrollback

/// What ``URLPolicy`` makes of a URL it allows: the characters a reader cannot see are
/// percent-encoded, the rest left as written.
@Suite struct URLPolicyTests {
    @Test(arguments: [
        ("https://example.org/invoice\u{202E}fdp.exe", "https://example.org/invoice%E2%80%AEfdp.exe"),
        ("https://example.org/a\u{2066}b\u{200E}c\u{061C}d", "https://example.org/a%E2%81%A6b%E2%80%8Ec%D8%9Cd"),
        ("https://exa\u{200B}mple.org/", "https://exa%E2%80%8Bmple.org/"),
        ("https://example.org/a\u{2060}b\u{FEFF}c\u{00AD}d", "https://example.org/a%E2%81%A0b%EF%BB%BFc%C2%ADd"),
        ("https://example.org/a\u{A0}b\u{3000}c\u{2028}d", "https://example.org/a%C2%A0b%E3%80%80c%E2%80%A8d"),
        ("https://example.org/\u{3164}\u{115F}\u{FFA0}\u{2800}", "https://example.org/%E3%85%A4%E1%85%9F%EF%BE%A0%E2%A0%80"),
        ("mailto:ann\u{202E}@example.org", "mailto:ann%E2%80%AE@example.org"),
    ])
    func hiddenCharactersArePercentEncoded(url: String, expected: String) {
        #expect(URLPolicy.sanitize(url) == expected)
        #expect(URLPolicy.generalVerdict(url) == expected)
    }

    @Test func visibleCharactersStayAsWritten() {
        for url in ["https://example.org/café", "https://例え.jp/パス?q=日本", "https://example.org/👍🏽", "https://example.org/%E2%80%AE"] {
            #expect(URLPolicy.sanitize(url) == url, "\(url)")
        }
        // Trimmed first, as before: what surrounds a URL is not part of it.
        #expect(URLPolicy.sanitize("\u{200B}https://example.org/\u{A0}") == "https://example.org/")
    }
}
