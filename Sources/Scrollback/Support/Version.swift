/// Scrollback's version, shown by `--version` and in generated documents.
public enum ScrollbackVersion {
    public static let current = "0.1.0"
}
