/// The compact form of the four messages an open, an action and a pop send —
/// ``WireMessage/open(request:url:context:)``, ``WireMessage/perform(request:screen:action:text:)``,
/// ``WireMessage/screen(request:state:)`` and ``WireMessage/release(screen:)`` — and of the
/// ``WireMessage/hello(version:files:confinement:)`` and
/// ``WireMessage/ready(version:plugins:routes:handlers:interceptors:fallback:launch:)`` of a first
/// use, which a frame holds in place of their JSON: coding JSON was the largest part of an
/// isolated open's time above its floor, and a large part of a first use's (see the Benchmarks
/// README).
///
/// A frame in the compact form starts with the message's kind, a byte from 1 to 6 (a frame of
/// JSON starts with `{`); then its fields in their order: an integer in 8 bytes, least significant
/// first; a string as its length in UTF-8 bytes, in 4 bytes the same way, then the bytes; a truth
/// value as 0 or 1; an optional as 0, or 1 and the value; a list as its count, in 4 bytes, then its
/// elements; a ``WireValue`` as its kind (1 string, 2 integer, 3 number as the 8 bytes of its
/// IEEE 754 form, 4 truth value) then the value.
enum WireCompactForm {
    fileprivate enum Kind: UInt8 {
        case open = 1
        case perform = 2
        case screen = 3
        case release = 4
        case hello = 5
        case ready = 6
    }

    /// The kind of a ``WireValue``, the byte before it.
    fileprivate enum ValueKind: UInt8, WireCompactKind {
        case string = 1
        case integer = 2
        case number = 3
        case truth = 4
    }

    /// The bytes of `message` in the compact form, or `nil` when it has none (it crosses as JSON).
    static func encode(_ message: WireMessage) -> [UInt8]? {
        var writer = Writer()
        switch message {
        case .open(let request, let url, let context):
            writer.kind(.open)
            writer.integer(request)
            writer.string(url)
            writer.optional(context) { $0.value($1) }
        case .perform(let request, let screen, let action, let text):
            writer.kind(.perform)
            writer.integer(request)
            writer.integer(screen)
            writer.string(action)
            writer.optional(text) { $0.string($1) }
        case .screen(let request, let state):
            writer.kind(.screen)
            writer.integer(request)
            writer.integer(state.id)
            writer.string(state.title)
            writer.string(state.text)
            writer.list(state.actions) { writer, action in
                writer.string(action.id)
                writer.string(action.title)
                writer.truth(action.takesText)
                writer.truth(action.isEnabled)
            }
        case .release(let screen):
            writer.kind(.release)
            writer.integer(screen)
        case .hello(let version, let files, let confinement):
            writer.kind(.hello)
            writer.integer(version)
            writer.strings(files)
            writer.optional(confinement) { writer, confinement in
                writer.strings(confinement.reads)
                writer.strings(confinement.writes)
                writer.strings(confinement.runs)
                writer.list(confinement.ports) { writer, port in writer.integer(Int(port)) }
                writer.truth(confinement.network)
                writer.integer(confinement.memoryMegabytes)
            }
        case .ready(let version, let plugins, let routes, let handlers, let interceptors, let fallback, let launch):
            writer.kind(.ready)
            writer.ready(
                version: version, plugins: plugins, routes: routes, handlers: handlers, interceptors: interceptors,
                fallback: fallback, launch: launch)
        default:
            return nil
        }
        return writer.bytes
    }

    /// Whether `bytes`, a frame's body, hold a message in the compact form.
    static func holdsCompactForm(_ bytes: [UInt8]) -> Bool {
        bytes.first.flatMap(Kind.init(rawValue:)) != nil
    }

    /// The message `bytes` hold in the compact form.
    /// - Throws: ``WireError/malformed(_:)`` when they end inside it, or go on past it.
    static func decode(_ bytes: [UInt8]) throws(WireError) -> WireMessage {
        var reader = Reader(bytes: bytes)
        let message: WireMessage
        switch Kind(rawValue: try reader.byte()) {
        case .open:
            message = .open(
                request: try reader.integer(), url: try reader.string(), context: try reader.optionalValue())
        case .perform:
            message = .perform(
                request: try reader.integer(), screen: try reader.integer(), action: try reader.string(),
                text: try reader.optionalString())
        case .screen:
            let request = try reader.integer()
            let id = try reader.integer()
            let title = try reader.string()
            let text = try reader.string()
            let actions = try reader.list { reader throws(WireError) in
                WireAction(
                    id: try reader.string(), title: try reader.string(), takesText: try reader.truth(),
                    isEnabled: try reader.truth())
            }
            message = .screen(request: request, state: WireScreen(id: id, title: title, text: text, actions: actions))
        case .release:
            message = .release(screen: try reader.integer())
        case .hello:
            message = .hello(
                version: try reader.integer(), files: try reader.strings(),
                confinement: try reader.truth() ? try reader.confinement() : nil)
        case .ready:
            message = try reader.ready()
        case nil:
            throw malformed("it starts with \(bytes[0])")
        }
        guard reader.isAtEnd else {
            throw malformed("it goes on past its message")
        }
        return message
    }

    /// Why a frame that starts as the compact form holds no message: `detail` says where it fails.
    static func malformed(_ detail: String) -> WireError {
        .malformed("a frame holds no message of version \(WireMessage.version): \(detail)")
    }

    struct Writer {
        var bytes: [UInt8] = []

        fileprivate mutating func kind(_ kind: Kind) {
            bytes.append(kind.rawValue)
        }

        /// `value`'s bytes, least significant first.
        mutating func fixed<Value: FixedWidthInteger>(_ value: Value) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }

        mutating func integer(_ value: Int) {
            fixed(value)
        }

        mutating func count(_ count: Int) {
            fixed(UInt32(truncatingIfNeeded: count))
        }

        mutating func string(_ string: String) {
            count(string.utf8.count)
            bytes.append(contentsOf: string.utf8)
        }

        mutating func truth(_ value: Bool) {
            bytes.append(value ? 1 : 0)
        }

        mutating func optional<Value>(_ value: Value?, _ write: (inout Writer, Value) -> Void) {
            truth(value != nil)
            if let value { write(&self, value) }
        }

        mutating func list<Element>(_ elements: [Element], _ write: (inout Writer, Element) -> Void) {
            count(elements.count)
            for element in elements { write(&self, element) }
        }

        mutating func strings(_ strings: [String]) {
            list(strings) { $0.string($1) }
        }

        mutating func value(_ value: WireValue) {
            switch value {
            case .string(let string):
                bytes.append(ValueKind.string.rawValue)
                self.string(string)
            case .integer(let integer):
                bytes.append(ValueKind.integer.rawValue)
                self.integer(integer)
            case .number(let number):
                bytes.append(ValueKind.number.rawValue)
                fixed(number.bitPattern)
            case .truth(let truth):
                bytes.append(ValueKind.truth.rawValue)
                self.truth(truth)
            }
        }
    }

    struct Reader {
        let bytes: [UInt8]
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        /// The integer whose bytes, least significant first, come next.
        mutating func fixed<Value: FixedWidthInteger>(_ type: Value.Type) throws(WireError) -> Value {
            guard let value = bytes.integer(type, at: offset) else { throw malformed("it ends inside its message") }
            offset += MemoryLayout<Value>.size
            return value
        }

        mutating func byte() throws(WireError) -> UInt8 {
            try fixed(UInt8.self)
        }

        mutating func integer() throws(WireError) -> Int {
            try fixed(Int.self)
        }

        mutating func count() throws(WireError) -> Int {
            Int(try fixed(UInt32.self))
        }

        mutating func string() throws(WireError) -> String {
            let count = try count()
            guard bytes.count - offset >= count else { throw malformed("it ends inside its message") }
            defer { offset += count }
            return String(decoding: bytes[offset..<offset + count], as: UTF8.self)
        }

        mutating func truth() throws(WireError) -> Bool {
            switch try byte() {
            case 0: return false
            case 1: return true
            case let other: throw malformed("it holds \(other) where a truth value (0 or 1) belongs")
            }
        }

        mutating func list<Element>(_ read: (inout Reader) throws(WireError) -> Element) throws(WireError)
            -> [Element]
        {
            var elements: [Element] = []
            for _ in 0..<(try count()) { elements.append(try read(&self)) }
            return elements
        }

        mutating func strings() throws(WireError) -> [String] {
            try list { reader throws(WireError) in try reader.string() }
        }

        /// A ``ProcessConfinement``: its ports each from 1 to 65535, its memory a positive size.
        mutating func confinement() throws(WireError) -> ProcessConfinement {
            let (reads, writes, runs) = (try strings(), try strings(), try strings())
            let ports = try list { reader throws(WireError) -> UInt16 in
                let port = try reader.integer()
                guard let checked = UInt16(exactly: port), checked > 0 else {
                    throw malformed("it names port \(port), which is not from 1 to 65535")
                }
                return checked
            }
            let network = try truth()
            let memory = try integer()
            guard memory > 0 else { throw malformed("it allows \(memory) MiB of memory") }
            return ProcessConfinement(
                reads: reads, writes: writes, runs: runs, ports: ports, network: network, memoryMegabytes: memory)
        }

        mutating func optionalString() throws(WireError) -> String? {
            try truth() ? try string() : nil
        }

        mutating func optionalValue() throws(WireError) -> WireValue? {
            guard try truth() else { return nil }
            let kind = try byte()
            switch ValueKind(rawValue: kind) {
            case .string?: return .string(try string())
            case .integer?: return .integer(try integer())
            case .number?: return .number(Double(bitPattern: try fixed(UInt64.self)))
            case .truth?: return .truth(try truth())
            case nil: throw malformed("it holds a value of kind \(kind), which is none of \(ValueKind.numbers)")
            }
        }
    }
}
