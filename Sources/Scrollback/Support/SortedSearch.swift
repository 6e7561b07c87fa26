extension Array {
    /// The index of the first element whose key is not less than `key`, in an array sorted by
    /// that key (`count` when every key is less): a binary search, for the sorted tables the
    /// index and the entity directory keep instead of dictionaries.
    func firstIndex<Key: Comparable>(notBelow key: Key, by keyOf: (Element) -> Key) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if keyOf(self[middle]) < key { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
