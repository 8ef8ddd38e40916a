import Glibc

@testable import Plugboard

/// libFuzzer's entry: `bytes` are a frame's body as a plugin process, a stranger, may send it to
/// the host. What the host does with such a body must not trap: decode it; a message that decodes
/// encodes again to one equal to it; and a `ready`'s launch report is checked as the host checks
/// it, and, when it passes, written as the host writes it (its Chrome trace).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let message = try? WireConnection.decode(bytes) else { return 0 }
    guard let encoded = try? WireConnection.encode(message), let again = try? WireConnection.decode(encoded) else {
        fatalError("\(message) decodes but does not encode and decode again")
    }
    // A number that is not one (NaN) is never equal to itself: such a message is compared by text.
    precondition(again == message || "\(again)" == "\(message)", "\(message) decodes again as \(again)")
    if case .ready(_, _, _, _, _, _, let launch) = message, launch.problem(within: .seconds(30)) == nil {
        _ = launch.chromeTrace()
    }
    return 0
}

/// libFuzzer's driver, which takes the command line and calls the entry with each input.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ count: UnsafeMutablePointer<CInt>,
    _ arguments: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ entry: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

/// The executable's entry, under the name the package manager gives an executable target's
/// `main`: libFuzzer's driver, with ``fuzz(_:_:)`` as the entry; or, as `wire-fuzzer --write-seeds
/// DIR`, writes into DIR the body of each message a plugin process sends, to start a corpus from.
@_cdecl("wire_fuzzer_main")
public func fuzzerMain(_ count: CInt, _ arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    let given = (0..<Int(count)).compactMap { arguments?[$0].map { String(cString: $0) } }
    if given.count == 3, given[1] == "--write-seeds" { return writeSeeds(into: given[2]) }
    var count = count
    var arguments = arguments
    return runDriver(&count, &arguments, fuzz)
}

/// Writes the body of each of ``seeds`` into a file of `directory`; returns the exit status.
private func writeSeeds(into directory: String) -> CInt {
    for (number, message) in seeds.enumerated() {
        guard let body = try? WireConnection.encode(message),
            let file = fopen("\(directory)/seed-\(number)", "w")
        else { return 1 }
        fwrite(body, 1, body.count, file)
        fclose(file)
    }
    return 0
}

/// One message of each kind a plugin process sends.
private let seeds: [WireMessage] = [
    .prepared(version: WireMessage.version),
    .ready(
        version: WireMessage.version, plugins: [WirePlugin(name: "Greeter", version: "2.1.0", modules: ["G.Module"])],
        routes: [WireRoute(pattern: "app://greeter/:name", title: nil, module: "G.Module", plugin: "Greeter")],
        handlers: [WireHandler(event: "greeter.ping", module: "G.Module")],
        interceptors: [WireInterceptor(number: 1, pattern: "app://**", prefix: nil, priority: 5, module: "G.Module")],
        fallback: "G.Module",
        launch: LaunchReport(
            entries: [
                LaunchReport.Entry(
                    name: "notes.open", owner: Owner(module: "Notes.Module", image: "libNotes.so"), phase: .launch,
                    isMainActor: false, isRequired: true, dependencies: [], start: .microseconds(10),
                    duration: .milliseconds(2), outcome: .succeeded)
            ],
            criticalPath: ["notes.open"], duration: .milliseconds(3), failure: nil, wasCancelled: false,
            quarantined: [])),
    .refused(reason: "its manifest is not of this runtime"),
    .navigate(screen: 1, request: WireNavigation(kind: .push, url: "app://notes/2", context: .string("draft"))),
    .done(request: 1),
    .failed(request: 2, reason: "no such note"),
]
