/// Reads `--name value` options from a command's arguments.
enum Options {
    /// Every value given for `name`; any other argument not in `allowing` is a usage error.
    static func values(of name: String, in arguments: [String], allowing: [String]) throws -> [String] {
        var values: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == name {
                let next = arguments.index(after: index)
                guard next < arguments.endIndex else { throw HostError.usage("\(name) needs a value") }
                values.append(arguments[next])
                index = arguments.index(after: next)
            } else if allowing.contains(argument) {
                index = arguments.index(after: index)
            } else {
                throw HostError.usage("unexpected argument '\(argument)'")
            }
        }
        return values
    }
}
