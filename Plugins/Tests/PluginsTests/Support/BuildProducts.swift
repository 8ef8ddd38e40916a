import Foundation
import Testing

/// The files `swift build` produced for this package: the host executable and the plugins.
enum BuildProducts {
    /// The build products directory, where the test runner itself lives.
    static let directory: URL = {
        let runner = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        var url = URL(fileURLWithPath: runner).deletingLastPathComponent()
        while url.path != "/" && !FileManager.default.fileExists(atPath: url.appendingPathComponent("plugboard").path) {
            url.deleteLastPathComponent()
        }
        return url
    }()

    /// The path of a product, failing the test with a hint when it was not built.
    static func path(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try #require(
            FileManager.default.fileExists(atPath: path),
            "\(name) is not built in \(directory.path); run `swift build --package-path Plugins` first",
            sourceLocation: sourceLocation
        )
        return path
    }

    static var greeter: String { get throws { try path("libGreeterPlugin.so") } }
    static var probe: String { get throws { try path("libProbePlugin.so") } }
    static var host: String { get throws { try path("plugboard") } }
}
