import FoundationEssentials
import Glibc
import Testing

@testable import Plugboard

/// Permissions in their text form, grants and what they cover, and the confinement a host tells a
/// plugin process.
struct PermissionTests {
    @Test(arguments: [
        ("read ~/notes", PluginPermission.read("~/notes")),
        ("write $XDG_DATA_HOME/notes", .write("$XDG_DATA_HOME/notes")),
        ("connect localhost:8080", .connect(host: "localhost", port: 8080)),
        ("connect [::1]:443", .connect(host: "[::1]", port: 443)),
        ("connect any", .network),
        ("run /usr/bin/git", .run("/usr/bin/git")),
        ("memory 2048 MiB", .memory(megabytes: 2048)),
    ])
    func eachPermissionReadsBackFromItsText(text: String, permission: PluginPermission) throws {
        #expect(PluginPermission(text: text) == permission)
        #expect(permission.description == text)
        let json = try JSONEncoder().encode([permission])
        #expect(try JSONDecoder().decode([PluginPermission].self, from: json) == [permission])
    }

    @Test(arguments: [
        "read", "read notes", "write ./here", "run bin/git", "connect localhost", "connect localhost:0",
        "connect localhost:70000", "connect :80", "memory 0 MiB", "memory 12", "memory -1 MiB", "fly /", "",
    ])
    func textThatSpellsNoPermissionIsNone(text: String) {
        #expect(PluginPermission(text: text) == nil)
    }

    @Test func aGrantCoversWhatItNamesAndWhatIsBeneath() throws {
        var grants = PermissionGrants()
        try grants.grant("Notes=read /srv/notes")
        try grants.grant("Notes=write /srv/drafts")
        try grants.grant("Notes=connect localhost:8080")
        try grants.grant("Notes=memory 2048 MiB")
        try grants.grant("Feeds=connect any")
        try grants.grant("Trusted")
        let declared: [PluginPermission] = [
            .read("/srv/notes/2026"), .read("/srv/drafts"), .write("/srv/drafts/a"), .memory(megabytes: 1500),
            .connect(host: "localhost", port: 8080),
        ]
        #expect(grants.missing(declared, of: "Notes") == [])
        let more: [PluginPermission] = [
            .read("/srv/notesworthy"), .read("/srv/notes/../secrets"), .write("/srv/notes"),
            .connect(host: "localhost", port: 8081), .network, .memory(megabytes: 4096), .run("/usr/bin/git"),
        ]
        #expect(grants.missing(more, of: "Notes") == more)
        #expect(grants.missing([.connect(host: "example.org", port: 443), .network], of: "Feeds") == [])
        #expect(grants.missing(more, of: "Trusted") == [])
        #expect(grants.missing([.read("/srv/notes")], of: "Other") == [.read("/srv/notes")])
    }

    @Test(arguments: [
        ("Notes=reed ~/notes", "'reed ~/notes' is no permission"),
        ("=read /srv", "it names no plugin"),
        ("Two words", "it names no plugin"),
        ("", "it names no plugin"),
    ])
    func aGrantThatIsNoneIsRefusedNamingIt(text: String, reason: String) {
        var grants = PermissionGrants()
        #expect {
            try grants.grant(text)
        } throws: { error in
            let refused = error as? PermissionGrantError
            return refused?.grant == text && refused?.reason.hasPrefix(reason) == true
                && "\(error)".hasPrefix("grant '\(text)': ")
        }
    }

    @Test func aConfinementHoldsWhatWasGrantedExpandedAndEachPluginsDataDirectory() {
        let home = String(cString: getenv("HOME"))
        let confinement = ProcessConfinement(
            granted: [
                .read("~/notes"), .write("/srv/drafts"), .run("/usr/bin/git"), .connect(host: "localhost", port: 8080),
                .memory(megabytes: 4096),
            ],
            plugins: ["Notes", "Account"])
        #expect(confinement.reads == [home + "/notes"])
        #expect(
            confinement.writes == [
                PluginDirectories.data(of: "Notes"), PluginDirectories.data(of: "Account"), "/srv/drafts",
            ])
        #expect(PluginDirectories.data(of: "Notes").hasSuffix("/plugboard/plugins/Notes"))
        #expect(confinement.runs == ["/usr/bin/git"])
        #expect(confinement.ports == [8080])
        #expect(!confinement.network)
        #expect(confinement.memoryMegabytes == 4096)
        #expect(ProcessConfinement(granted: [.network], plugins: []).network)
        #expect(ProcessConfinement(granted: [], plugins: []).memoryMegabytes == PluginPermission.defaultMemoryMegabytes)
    }

    @Test func aSealedManifestKeepsItsPermissionsAndRefusesOneThatIsNone() throws {
        var sealed = SealedManifest(
            name: "Notes", version: "1.0.0", runtimeVersion: "r", toolchain: "t", architecture: "x86_64",
            modules: [], routes: [], tasks: [], dependencies: [])
        sealed.permissions = [.read("~/notes"), .network]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = Array(try encoder.encode(sealed))
        #expect(String(decoding: json, as: UTF8.self).contains(#""permissions":["read ~\/notes","connect any"]"#))
        #expect(try ManifestReader.manifest(json: json).permissions == [.read("~/notes"), .network])
        let broken = String(decoding: json, as: UTF8.self).replacing("connect any", with: "connect anywhere")
        #expect(throws: ManifestReadError.self) { try ManifestReader.manifest(json: Array(broken.utf8)) }
    }
}

/// What a kernel without one of the layers cannot enforce is said, never left out.
struct KernelConfinementTests {
    @Test func eachMissingLayerIsNamed() {
        #expect(KernelConfinement(landlock: 7, seccomp: true).unenforced.isEmpty)
        #expect(
            KernelConfinement(landlock: 0, seccomp: false).unenforced == [
                "files and programs (the kernel offers no Landlock)",
                "system calls and sockets (the kernel takes no seccomp filter)",
            ])
        #expect(
            KernelConfinement(landlock: 3, seccomp: true).unenforced == [
                "TCP ports (Landlock ABI 3 has no network rules)",
                "signals and abstract sockets of other processes (Landlock ABI 3 has no scopes)",
            ])
        #expect(
            KernelConfinement(landlock: 5, seccomp: true).unenforced == [
                "signals and abstract sockets of other processes (Landlock ABI 5 has no scopes)"
            ])
        #expect(
            KernelConfinement(landlock: 7, seccomp: true, processNamespaces: false).unenforced == [
                "the end of what a plugin starts when its process is killed (this user may not create process "
                    + "namespaces)",
                "a network of its own for a plugin that declares none (this user may not create network namespaces)",
            ])
        #expect(
            KernelConfinement(landlock: 7, seccomp: true, networkNamespaces: false).unenforced == [
                "a network of its own for a plugin that declares none (this user may not create network namespaces)"
            ])
    }
}
