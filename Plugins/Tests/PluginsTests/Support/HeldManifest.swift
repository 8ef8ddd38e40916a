import Foundation
import Plugboard

/// A plugin's manifest as a host keeps it (one module, no dependencies), written out here.
enum HeldManifest {
    static func read(
        name: String, version: String, module: String, routes: [String], tasks: [String], services: [String]
    ) throws -> SealedManifest {
        let fingerprint = RuntimeFingerprint.current
        let object: [String: Any] = [
            "name": name, "version": version, "runtimeVersion": fingerprint.runtimeVersion,
            "toolchain": fingerprint.toolchain, "architecture": "x86_64", "modules": [module], "routes": routes,
            "routeTitles": routes.map { _ in "" }, "routeModules": routes.map { _ in module }, "tasks": tasks,
            "launchTasks": [String](), "dependencies": [String](), "services": services, "events": [String](),
            "interceptors": [String](), "parameterTypes": [String](), "fallbacks": [String](),
        ]
        return try ManifestReader.manifest(json: Array(JSONSerialization.data(withJSONObject: object)))
    }

    /// The greeter's.
    static func greeter() throws -> SealedManifest {
        try read(
            name: "Greeter", version: "1.0.0", module: "GreeterPlugin.GreeterModule",
            routes: ["app://greeter/hello", "app://greeter/hello/:name"], tasks: ["greeter.prepare"],
            services: ["GreeterPlugin.Greetings"])
    }

    /// The probe's.
    static func probe() throws -> SealedManifest {
        try read(
            name: "Probe", version: "0.0.1", module: "ProbePlugin.ProbeModule", routes: ["app://probe/identity"],
            tasks: ["probe.start"], services: ["Plugboard.Owner", "Swift.CustomStringConvertible"])
    }
}
