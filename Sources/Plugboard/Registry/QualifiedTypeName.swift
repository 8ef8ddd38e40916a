internal import CPlugboard

/// The module-qualified name of `type`, as `_typeName(type, qualified: true)` gives it.
///
/// For a non-generic type declared in a module (or nested in such types) the name is read from
/// the type's context descriptors; asking the runtime instead builds a demangling tree and prints
/// it, which costs more than the rest of registering a small module. Every other type is named by
/// the runtime.
func qualifiedName(of type: any Any.Type) -> String {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let capacity = 256
    let name = String(unsafeUninitializedCapacity: capacity) { buffer in
        buffer.withMemoryRebound(to: CChar.self) { characters in
            max(0, pb_qualified_type_name(metadata, characters.baseAddress!, capacity))
        }
    }
    return name.isEmpty ? _typeName(type, qualified: true) : name
}
