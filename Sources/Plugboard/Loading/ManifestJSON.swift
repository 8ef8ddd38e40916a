/// Reads a sealed manifest from the JSON that `plugboard seal` writes: one object whose values
/// are strings or arrays of strings, none with a control character (names, versions and patterns
/// never hold one, and hosts print them). A parser for exactly that shape, so that reading a
/// manifest costs a fraction of loading the plugin; anything else is refused with the reason.
enum ManifestJSON {
    /// The manifest in `bytes`.
    static func decode(_ bytes: [UInt8]) throws(ManifestReadError) -> SealedManifest {
        var parser = Parser(bytes: bytes)
        let fields = try parser.document()
        func string(_ field: Field) throws(ManifestReadError) -> String {
            guard case .string(let value)? = fields[field.rawValue] else {
                throw parser.failure("'\(field.name)' must be a string")
            }
            return value
        }
        func strings(_ field: Field) throws(ManifestReadError) -> [String] {
            guard case .strings(let values)? = fields[field.rawValue] else {
                throw parser.failure("'\(field.name)' must be an array of strings")
            }
            return values
        }
        // Dependencies, each as its description (`Account >=1.2.0 <2.0.0`); none when left out.
        var dependencies: [PluginDependency] = []
        if fields[Field.dependencies.rawValue] != nil {
            for text in try strings(.dependencies) {
                guard let dependency = PluginDependency(parsing: text) else {
                    throw parser.failure("the dependency '\(text)' is not one")
                }
                dependencies.append(dependency)
            }
        }
        // What activation needs, each none when left out.
        func optionalStrings(_ field: Field) throws(ManifestReadError) -> [String] {
            fields[field.rawValue] == nil ? [] : try strings(field)
        }
        var manifest = SealedManifest(
            name: try string(.name), version: try string(.version), runtimeVersion: try string(.runtimeVersion),
            toolchain: try string(.toolchain), architecture: try string(.architecture),
            modules: try strings(.modules), routes: try strings(.routes), tasks: try strings(.tasks),
            dependencies: dependencies)
        let (titles, owners) = (try optionalStrings(.routeTitles), try optionalStrings(.routeModules))
        let examples = try optionalStrings(.routeExamples)
        let routes = manifest.routes.count
        guard titles.count == routes || titles.isEmpty, owners.count == routes || owners.isEmpty,
            examples.count == routes || examples.isEmpty
        else {
            throw parser.failure("'routeTitles', 'routeModules' and 'routeExamples' must have one entry per route")
        }
        manifest.routeTitles = titles
        for text in try optionalStrings(.permissions) {
            guard let permission = PluginPermission(text: text) else {
                throw parser.failure("the permission '\(text)' is not one")
            }
            manifest.permissions.append(permission)
        }
        manifest.routeModules = owners
        manifest.routeExamples = examples
        manifest.launchTasks = try optionalStrings(.launchTasks)
        manifest.services = try optionalStrings(.services)
        manifest.events = try optionalStrings(.events)
        manifest.interceptors = try optionalStrings(.interceptors)
        manifest.parameterTypes = try optionalStrings(.parameterTypes)
        manifest.fallbacks = try optionalStrings(.fallbacks)
        // Each task's place in the startup graph, one entry per task (or none, from a manifest
        // written before they were kept).
        let tasks = manifest.tasks.count
        manifest.taskModules = try optionalStrings(.taskModules)
        manifest.taskPhases = try optionalStrings(.taskPhases)
        manifest.taskTimeouts = try optionalStrings(.taskTimeouts)
        manifest.optionalTasks = try optionalStrings(.optionalTasks)
        manifest.mainActorTasks = try optionalStrings(.mainActorTasks)
        switch fields[Field.taskDependencies.rawValue] {
        case nil, .strings([])?: manifest.taskDependencies = []
        case .lists(let lists)?: manifest.taskDependencies = lists
        default: throw parser.failure("'taskDependencies' must be an array of arrays of strings")
        }
        for (field, count) in [
            ("taskModules", manifest.taskModules.count), ("taskPhases", manifest.taskPhases.count),
            ("taskTimeouts", manifest.taskTimeouts.count), ("taskDependencies", manifest.taskDependencies.count),
        ] where count != tasks && count != 0 {
            throw parser.failure("'\(field)' must have one entry per task")
        }
        return manifest
    }

    /// The keys a manifest has, by their place among the parsed values; others are read and
    /// ignored.
    private enum Field: Int, CaseIterable {
        case name, version, runtimeVersion, toolchain, architecture, modules, routes, tasks, dependencies
        case routeTitles, routeModules, launchTasks, services, events, interceptors, parameterTypes, fallbacks
        case taskModules, taskDependencies, taskPhases, optionalTasks, taskTimeouts, mainActorTasks, routeExamples
        case permissions

        /// The key, as written in the JSON.
        var name: String {
            switch self {
            case .name: "name"
            case .version: "version"
            case .runtimeVersion: "runtimeVersion"
            case .toolchain: "toolchain"
            case .architecture: "architecture"
            case .modules: "modules"
            case .routes: "routes"
            case .tasks: "tasks"
            case .dependencies: "dependencies"
            case .routeTitles: "routeTitles"
            case .routeModules: "routeModules"
            case .launchTasks: "launchTasks"
            case .services: "services"
            case .events: "events"
            case .interceptors: "interceptors"
            case .parameterTypes: "parameterTypes"
            case .fallbacks: "fallbacks"
            case .taskModules: "taskModules"
            case .taskDependencies: "taskDependencies"
            case .taskPhases: "taskPhases"
            case .optionalTasks: "optionalTasks"
            case .taskTimeouts: "taskTimeouts"
            case .mainActorTasks: "mainActorTasks"
            case .routeExamples: "routeExamples"
            case .permissions: "permissions"
            }
        }

        /// Each field's key, by raw value.
        static let keys = allCases.map { Array($0.name.utf8) }

        /// The field whose key is `bytes` (UTF-8, escapes decoded).
        init?<Bytes: Collection<UInt8>>(key bytes: Bytes) {
            // Lengths first: they tell most keys apart, and compare without a loop.
            let count = bytes.count
            guard let index = Self.keys.firstIndex(where: { $0.count == count && $0.elementsEqual(bytes) }) else {
                return nil
            }
            self.init(rawValue: index)!
        }
    }

    private enum Value {
        case string(String)
        case strings([String])
        case lists([[String]])
    }

    private struct Parser {
        let bytes: [UInt8]
        var position = 0

        func failure(_ reason: String) -> ManifestReadError {
            ManifestReadError(reason: "the sealed manifest is not valid: \(reason)")
        }

        /// The top-level object's values of known keys, by ``Field`` (the last of a repeated
        /// key), with nothing but whitespace after the object.
        mutating func document() throws(ManifestReadError) -> [Value?] {
            var fields = [Value?](repeating: nil, count: Field.keys.count)
            try expect(UInt8(ascii: "{"))
            skipSpace()
            if peek() == UInt8(ascii: "}") {
                position += 1
            } else {
                while true {
                    let field = try key()
                    try expect(UInt8(ascii: ":"))
                    let value = try value()
                    if let field { fields[field.rawValue] = value }
                    skipSpace()
                    guard position < bytes.count else { throw failure("the object is not closed") }
                    position += 1
                    if bytes[position - 1] == UInt8(ascii: "}") { break }
                    guard bytes[position - 1] == UInt8(ascii: ",") else { throw failure("expected ',' or '}'") }
                }
            }
            skipSpace()
            guard position == bytes.count else { throw failure("unexpected bytes after the object") }
            return fields
        }

        private mutating func value() throws(ManifestReadError) -> Value {
            skipSpace()
            if peek() == UInt8(ascii: "\"") { return .string(try string()) }
            try expect(UInt8(ascii: "["))
            skipSpace()
            guard peek() == UInt8(ascii: "[") else {
                return .strings(try elements { parser throws(ManifestReadError) in try parser.string() })
            }
            return .lists(
                try elements { parser throws(ManifestReadError) in
                    try parser.expect(UInt8(ascii: "["))
                    return try parser.elements { parser throws(ManifestReadError) in try parser.string() }
                })
        }

        /// The elements of an array whose `[` was read, each read by `element`, past its `]`.
        private mutating func elements<Element>(
            _ element: (inout Parser) throws(ManifestReadError) -> Element
        ) throws(ManifestReadError) -> [Element] {
            var values: [Element] = []
            skipSpace()
            if peek() == UInt8(ascii: "]") {
                position += 1
                return values
            }
            while true {
                values.append(try element(&self))
                skipSpace()
                guard position < bytes.count else { throw failure("an array is not closed") }
                position += 1
                if bytes[position - 1] == UInt8(ascii: "]") { return values }
                guard bytes[position - 1] == UInt8(ascii: ",") else { throw failure("expected ',' or ']'") }
            }
        }

        /// The field a key names, if any: found on the key's bytes when it holds no escape (bytes
        /// beyond ASCII are checked as UTF-8 first, as in any string).
        private mutating func key() throws(ManifestReadError) -> Field? {
            try expect(UInt8(ascii: "\""))
            let start = position
            guard let (text, ascii) = plainString() else { return Field(key: try escapedString(from: start).utf8) }
            return ascii ? Field(key: text) : Field(key: try validated(text).utf8)
        }

        private mutating func string() throws(ManifestReadError) -> String {
            try expect(UInt8(ascii: "\""))
            let start = position
            guard let (text, ascii) = plainString() else { return try escapedString(from: start) }
            return ascii ? text.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) } : try validated(text)
        }

        /// The rest of a string that holds no escape — most do — and whether it is all ASCII,
        /// which needs no check of its UTF-8; past its closing quote. `nil` at the first byte that
        /// needs more (an escape, a control character or the end), where the position is left.
        /// Inlined into its two callers: not inlined, it cost reading a manifest a fifth more.
        @inline(__always)
        private mutating func plainString() -> (text: ArraySlice<UInt8>, ascii: Bool)? {
            let start = position
            var highBits: UInt8 = 0
            position = bytes.withUnsafeBufferPointer { bytes in
                var index = start
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte == 0x7F { break }
                    highBits |= byte
                    index += 1
                }
                return index
            }
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
            position += 1
            return (bytes[start..<position - 1], highBits < 0x80)
        }

        /// The string that starts at `start`, read up to the position with no escape, decoding
        /// escapes from there on.
        private mutating func escapedString(from start: Int) throws(ManifestReadError) -> String {
            var text = Array(bytes[start..<position])
            while true {
                guard position < bytes.count else { throw failure("a string is not closed") }
                let byte = bytes[position]
                position += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return try validated(text[...])
                case UInt8(ascii: "\\"):
                    try escape(into: &text)
                case ..<0x20:
                    throw failure("a control character in a string")
                default:
                    text.append(byte)
                }
            }
        }

        /// `text` as a string, if it is UTF-8 (decoding valid UTF-8 gives back the same bytes, while
        /// decoding anything else repairs it into other bytes) without a control character: every
        /// string but a plain ASCII one comes here, so this is where one from an escape is refused.
        private func validated(_ text: ArraySlice<UInt8>) throws(ManifestReadError) -> String {
            let string = text.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
            guard string.utf8.elementsEqual(text) else { throw failure("a string is not UTF-8") }
            guard !string.containsControlCharacter else { throw failure("a control character in a string") }
            return string
        }

        /// Decodes the escape after a backslash.
        private mutating func escape(into text: inout [UInt8]) throws(ManifestReadError) {
            guard position < bytes.count else { throw failure("a string is not closed") }
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(byte)
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = UInt32(try hexQuad())
                if (0xD800..<0xDC00).contains(scalar) {
                    guard bytes[position...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) else {
                        throw failure("an unpaired surrogate escape")
                    }
                    position += 2
                    let low = UInt32(try hexQuad())
                    guard (0xDC00..<0xE000).contains(low) else { throw failure("an unpaired surrogate escape") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let character = Unicode.Scalar(scalar) else { throw failure("an unpaired surrogate escape") }
                text.append(contentsOf: Array(String(Character(character)).utf8))
            default:
                throw failure("an unknown escape '\\\(Character(Unicode.Scalar(byte)))'")
            }
        }

        private mutating func hexQuad() throws(ManifestReadError) -> UInt16 {
            guard bytes.count - position >= 4 else { throw failure("a short \\u escape") }
            var value: UInt16 = 0
            for byte in bytes[position..<(position + 4)] {
                guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
                    throw failure("a \\u escape that is not hexadecimal")
                }
                value = value << 4 | UInt16(digit)
            }
            position += 4
            return value
        }

        private mutating func expect(_ byte: UInt8) throws(ManifestReadError) {
            skipSpace()
            guard peek() == byte else { throw failure("expected '\(Character(Unicode.Scalar(byte)))'") }
            position += 1
        }

        private mutating func skipSpace() {
            while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
        }

        private func peek() -> UInt8? {
            position < bytes.count ? bytes[position] : nil
        }
    }
}
