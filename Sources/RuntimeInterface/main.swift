// Prints the part of the runtime's sources that code compiled against the runtime depends on,
// for the RuntimeBuildIdentity plugin to digest: each file's path, then its text without comments,
// without the bodies of functions, initializers, accessors and closures, with white space folded.
// What is left — declarations, stored properties and their initial values, type and protocol
// bodies — is what the compiler rebuilds dependent code for when it changes; a change to a
// function body alone leaves both this text and the dependents' binaries as they were. A C header
// is printed whole; a C file not at all (its bodies are the library's own).
//
// Usage: RuntimeInterface ROOT FILE...  (FILE relative to ROOT)

import Foundation

/// The interface text of Swift source `text`.
func interface(ofSwift text: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    var header: [UInt8] = []  // what was kept since the last `{`, `}` or `;` at this depth
    /// For each open brace: whether its contents are kept, and whether it is a protocol's body.
    var braces: [(kept: Bool, protocolBody: Bool)] = []
    var index = 0
    var pendingSpace = false
    var kept: Bool { braces.last?.kept ?? true }
    func emit(_ bytes: some Collection<UInt8>) {
        guard kept else { return }
        if pendingSpace && !output.isEmpty {
            output.append(0x20)
            header.append(0x20)
        }
        pendingSpace = false
        output.append(contentsOf: bytes)
        header.append(contentsOf: bytes)
    }
    func at(_ offset: Int) -> UInt8? { index + offset < text.count ? text[index + offset] : nil }
    /// The last keyword in `bytes` that begins a declaration, which tells what a `{` after it opens.
    func lastDeclarationKeyword(_ bytes: [UInt8]) -> String? {
        let keywords: Set<Substring> = [
            "struct", "class", "enum", "protocol", "extension", "actor", "func", "init", "deinit", "var", "let",
            "subscript",
        ]
        return String(decoding: bytes, as: UTF8.self).split { !($0.isLetter || $0.isNumber || $0 == "_") }
            .last(where: keywords.contains).map(String.init)
    }
    while index < text.count {
        let byte = text[index]
        switch byte {
        case UInt8(ascii: "/") where at(1) == UInt8(ascii: "/"):
            while index < text.count && text[index] != 0x0A { index += 1 }
            pendingSpace = true
            continue
        case UInt8(ascii: "/") where at(1) == UInt8(ascii: "*"):
            var depth = 0
            repeat {
                if text[index] == UInt8(ascii: "/") && at(1) == UInt8(ascii: "*") {
                    depth += 1
                    index += 1
                } else if text[index] == UInt8(ascii: "*") && at(1) == UInt8(ascii: "/") {
                    depth -= 1
                    index += 1
                }
                index += 1
            } while depth > 0 && index < text.count
            pendingSpace = true
            continue
        case UInt8(ascii: "#"), UInt8(ascii: "\""):
            // A string literal, raw (`#"…"#`) or not, one line or several: kept as it is.
            var hashes = 0
            while at(hashes) == UInt8(ascii: "#") { hashes += 1 }
            guard at(hashes) == UInt8(ascii: "\"") else { break }
            let start = index
            index += hashes
            let multiline = at(1) == UInt8(ascii: "\"") && at(2) == UInt8(ascii: "\"")
            let quotes = multiline ? 3 : 1
            index += quotes
            let closing =
                [UInt8](repeating: UInt8(ascii: "\""), count: quotes)
                + [UInt8](repeating: UInt8(ascii: "#"), count: hashes)
            while index < text.count {
                if hashes == 0 && text[index] == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                if text[index...].starts(with: closing) {
                    index += closing.count
                    break
                }
                index += 1
            }
            emit(text[start..<min(index, text.count)])
            continue
        case UInt8(ascii: "{"):
            let kind: (kept: Bool, protocolBody: Bool)
            if !kept {
                kind = (false, false)
            } else if braces.last?.protocolBody == true {
                kind = (true, false)  // a requirement's `{ get set }`
            } else {
                let keyword = lastDeclarationKeyword(header)
                let isType = ["struct", "class", "enum", "protocol", "extension", "actor"].contains(keyword)
                kind = (isType, keyword == "protocol")
            }
            emit([byte])
            braces.append(kind)
            header = []
            index += 1
            continue
        case UInt8(ascii: "}"):
            if !braces.isEmpty { braces.removeLast() }
            emit([byte])
            header = []
            index += 1
            continue
        case UInt8(ascii: ";"):
            emit([byte])
            header = []
            index += 1
            continue
        case 0x20, 0x09, 0x0A, 0x0D:
            pendingSpace = true
            index += 1
            continue
        default:
            break
        }
        emit([byte])
        index += 1
    }
    return output
}

let arguments = CommandLine.arguments.dropFirst()
guard let root = arguments.first else {
    FileHandle.standardError.write(Data("usage: RuntimeInterface ROOT FILE...\n".utf8))
    exit(2)
}
let output = FileHandle.standardOutput
for file in arguments.dropFirst() {
    guard let data = FileManager.default.contents(atPath: root + "/" + file) else {
        FileHandle.standardError.write(Data("RuntimeInterface: cannot read \(file)\n".utf8))
        exit(1)
    }
    let text: [UInt8] =
        switch (file as NSString).pathExtension {
        case "swift": interface(ofSwift: [UInt8](data))
        case "h": [UInt8](data)
        default: []
        }
    output.write(Data(Array(file.utf8) + [0] + text + [0]))
}
