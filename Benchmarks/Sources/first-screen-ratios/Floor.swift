import Foundation

/// The floor of a first screen: a C program that only maps the plugin files it is given, with
/// what they link (the runtime and the Swift libraries), and exits.
enum Floor {
    /// The program, compiled into `directory` if it is not there.
    static func build(in directory: URL) throws -> String {
        let program = directory.appendingPathComponent("floor")
        if FileManager.default.isExecutableFile(atPath: program.path) { return program.path }
        let source = directory.appendingPathComponent("floor.c")
        try """
        #include <dlfcn.h>
        #include <stdio.h>
        int main(int count, char **paths) {
            for (int index = 1; index < count; index++) {
                if (!dlopen(paths[index], RTLD_NOW | RTLD_LOCAL)) { fprintf(stderr, "%s\\n", dlerror()); return 1; }
            }
            return 0;
        }

        """.write(to: source, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["cc", "-O2", source.path, "-o", program.path, "-ldl"]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure("cc could not build the floor program") }
        return program.path
    }
}
