import Foundation

/// Checks a JSON value, as `JSONSerialization` reads it, against a JSON Schema, in the part of the
/// language the host's schemas use: `type`, `enum`, `properties`, `required`,
/// `additionalProperties: false` and `items`.
enum JSONSchemaCheck {
    /// What in `value` does not keep `schema`, each with its place (`$.routes[3].pattern`); empty
    /// when it keeps it.
    static func problems(_ value: Any, against schema: [String: Any], at place: String = "$") -> [String] {
        var problems: [String] = []
        if let allowed = schema["enum"] as? [Any], !allowed.contains(where: { same($0, value) }) {
            problems.append("\(place): \(value) is not one of \(allowed)")
        }
        if let type = schema["type"] as? String, !has(type, value) {
            return problems + ["\(place): \(value) is not of type \(type)"]
        }
        if let object = value as? [String: Any] {
            for name in schema["required"] as? [String] ?? [] where object[name] == nil {
                problems.append("\(place): no \(name)")
            }
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for (name, field) in object {
                if let property = properties[name] as? [String: Any] {
                    problems += self.problems(field, against: property, at: "\(place).\(name)")
                } else if schema["additionalProperties"] as? Bool == false {
                    problems.append("\(place): \(name) is not in the schema")
                }
            }
        }
        if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
            for (index, item) in array.enumerated() {
                problems += self.problems(item, against: items, at: "\(place)[\(index)]")
            }
        }
        return problems
    }

    private static let booleanType = type(of: NSNumber(value: true) as Any)

    private static func isBoolean(_ value: Any) -> Bool {
        type(of: value) == Bool.self || type(of: value) == booleanType
    }

    private static func has(_ type: String, _ value: Any) -> Bool {
        switch type {
        case "object": value is [String: Any]
        case "array": value is [Any]
        case "string": value is String
        case "boolean": isBoolean(value)
        case "integer": !isBoolean(value) && value is Int
        case "number": !isBoolean(value) && value is Double
        case "null": value is NSNull
        default: false
        }
    }

    private static func same(_ a: Any, _ b: Any) -> Bool {
        switch (a, b) {
        case (let a as String, let b as String): a == b
        case (let a as NSNumber, let b as NSNumber): isBoolean(a) == isBoolean(b) && a == b
        default: false
        }
    }
}
