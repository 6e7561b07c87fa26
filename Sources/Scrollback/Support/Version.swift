/// Scrollback's version, shown by `--version` and in generated documents.
package enum ScrollbackVersion {
    package static let current = "0.1.0"
}
