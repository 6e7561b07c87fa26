import Foundation

/// Decodes `Codable` types from already-parsed JSON by writing it back out and handing it to
/// Foundation's decoder. Only custom attachments take this path, a few per message at most,
/// so simplicity wins over a hand-written `Decoder`.
enum JSONValueDecoding {
    static func decode<Value: Decodable>(_ type: Value.Type, from object: JSONObject) throws -> Value {
        try JSONDecoder().decode(type, from: Data(JSONValue.object(object).serialized().utf8))
    }
}

extension JSONValue {
    /// Compact JSON text for the value, keys in input order.
    public func serialized() -> String {
        String(decoding: serializedBytes(), as: UTF8.self)
    }

    /// ``serialized()`` as UTF-8 bytes, written byte by byte (a reply the replay amends is
    /// serialized whole, reactions and all).
    func serializedBytes() -> [UInt8] {
        var output: [UInt8] = []
        write(to: &output)
        return output
    }

    private func write(to output: inout [UInt8]) {
        switch self {
        case .null: output += "null".utf8
        case .bool(let value): output += (value ? "true" : "false").utf8
        case .integer(let value): output += String(value).utf8
        case .double(let value): output += (value.isFinite ? "\(value)" : "null").utf8
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.writeString(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                member.value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// A string in quotes: quote, backslash and controls escaped, and U+2028/U+2029 too
    /// (JavaScript reads them as line ends inside a string).
    private static func writeString(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            // Runs of bytes that need no escape are copied whole.
            var run = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                let escape: String
                var length = 1
                switch byte {
                case UInt8(ascii: "\""): escape = #"\""#
                case UInt8(ascii: "\\"): escape = #"\\"#
                case UInt8(ascii: "\n"): escape = #"\n"#
                case UInt8(ascii: "\r"): escape = #"\r"#
                case UInt8(ascii: "\t"): escape = #"\t"#
                case 0..<0x20: escape = "\\u00" + String(byte >> 4) + String(byte & 0xF, radix: 16)
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && bytes[index + 2] & 0xFE == 0xA8:
                    escape = bytes[index + 2] == 0xA8 ? #"\u2028"# : #"\u2029"#
                    length = 3
                default:
                    index += 1
                    continue
                }
                output.append(contentsOf: bytes[run..<index])
                output += escape.utf8
                index += length
                run = index
            }
            output.append(contentsOf: bytes[run...])
        }
        output.append(UInt8(ascii: "\""))
    }
}
