import Foundation
import Plugboard
import Testing

/// The host and every plugin share one copy of the runtime: one set of protocols, one registry.
struct SharedRuntimeTests {
    private func symbol(_ name: String, in path: String) throws -> UnsafeMutableRawPointer {
        let handle = try #require(dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE))
        return try #require(dlsym(handle, name))
    }

    @Test func aModuleMadeByThePluginConformsToTheHostsModuleProtocol() throws {
        typealias Make = @convention(c) () -> UnsafeMutableRawPointer
        let make = unsafeBitCast(try symbol("probe_make_module", in: BuildProducts.probe), to: Make.self)
        let object = Unmanaged<AnyObject>.fromOpaque(make()).takeRetainedValue()
        let module = try #require(object as? any Module)
        #expect(type(of: module).name == "ProbePlugin.ProbeModule")
    }

    @Test func thePluginSeesTheHostsSharedRegistry() throws {
        typealias Shared = @convention(c) () -> UnsafeMutableRawPointer
        let shared = unsafeBitCast(try symbol("probe_shared_registry", in: BuildProducts.probe), to: Shared.self)
        #expect(shared() == Unmanaged.passUnretained(Registry.shared).toOpaque())
    }

    @Test func theHostAndThePluginsLoadOneRuntimeImage() throws {
        _ = try PluginLoader(registry: Registry()).load(file: BuildProducts.greeter)
        let handle = try #require(FileHandle(forReadingAtPath: "/proc/self/maps"))
        let maps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        let runtimes = Set(
            maps.split(separator: "\n").compactMap { $0.split(separator: " ").last }.filter {
                $0.hasSuffix("/libPlugboard.so")
            }
        )
        #expect(runtimes.count == 1, "\(runtimes)")
    }
}
