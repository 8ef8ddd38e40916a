import Foundation

/// The floor of a first screen: a C program that only maps the plugin files it is given, with
/// what they link (the runtime and the Swift libraries), and exits.
enum Floor {
    /// The program, compiled into `directory` if it is not there.
    static func build(in directory: URL) throws -> String {
        try CompiledProgram.build(
            "floor", in: directory,
            source: """
                #include <dlfcn.h>
                #include <stdio.h>
                int main(int count, char **paths) {
                    for (int index = 1; index < count; index++) {
                        if (!dlopen(paths[index], RTLD_NOW | RTLD_LOCAL)) { fprintf(stderr, "%s\\n", dlerror()); return 1; }
                    }
                    return 0;
                }

                """, file: "floor.c", compiler: ["cc", "-O2", "-ldl"])
    }
}
