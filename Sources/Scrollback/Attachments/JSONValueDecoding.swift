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
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .integer(let value): output += String(value)
        case .double(let value): output += value.isFinite ? "\(value)" : "null"
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.write(to: &output)
            }
            output += "]"
        case .object(let object):
            output += "{"
            for (index, member) in object.members.enumerated() {
                if index > 0 { output += "," }
                Self.writeString(member.key, to: &output)
                output += ":"
                member.value.write(to: &output)
            }
            output += "}"
        }
    }

    private static func writeString(_ string: String, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
