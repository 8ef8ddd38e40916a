internal import CPlugboard

/// The shared objects loaded in this process: the runtime, the Swift runtime, Foundation, the
/// system's libraries and its dynamic loader.
enum LoadedObjects {
    /// Their paths, in the order they were loaded.
    static var paths: [String] {
        var paths: [String] = []
        withUnsafeMutablePointer(to: &paths) { paths in
            pb_each_loaded_object(
                { path, context in
                    context!.assumingMemoryBound(to: [String].self).pointee.append(String(cString: path))
                }, paths)
        }
        return paths
    }

    /// The statically linked build of the Swift runtime's backtracer, which a trap starts to write
    /// the backtrace: `libexec/swift/linux/swift-backtrace-static` beside the Swift runtime's
    /// `lib/swift/linux`. Statically linked, it starts without the dynamic loader, which a
    /// confined process may not execute (it would start any program it can read).
    static let backtracer: String? = {
        guard let core = paths.first(where: { $0.hasSuffix("/libswiftCore.so") }),
            let range = core.firstRange(of: "/lib/swift/linux/")
        else { return nil }
        return core[..<range.lowerBound] + "/libexec/swift/linux/swift-backtrace-static"
    }()

    /// The dynamic loader, which starts every dynamically linked program.
    static let dynamicLoader = paths.first { $0.contains("/ld-linux") }
}
