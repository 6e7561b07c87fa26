extension Theme {
    /// How many author colours the theme has: `avatar0`, `avatar1`, ... up to the first one it
    /// leaves out or sets to `none` (at least one). Speakers take them in order of first
    /// appearance and start again from `avatar0` when there are more speakers than colours, so a
    /// theme shortens its palette by setting the entries after it to `none`, and a theme written
    /// for eight colours keeps working.
    public var authorPaletteSize: Int {
        var size = 0
        while size < ViewNode.AvatarContent.paletteSize, let color = colors["avatar\(size)"], color != .unset { size += 1 }
        return max(1, size)
    }
}
