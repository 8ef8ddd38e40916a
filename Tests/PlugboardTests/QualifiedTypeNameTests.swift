import CPlugboard
import Testing

@testable import Plugboard

struct TopLevelStruct {
    struct Nested {
        enum Deeper {}
    }
}
final class TopLevelClass {}
enum TopLevelEnum {}
struct `class` {}
typealias KeywordNamed = `class`
struct Générique<Value> {
    struct Inside {}
}
extension TopLevelClass {
    struct InExtension {}
}
private struct PrivateType {}
protocol SomeProtocol {}

struct QualifiedTypeNameTests {
    @Test func aTypeIsNamedAsTheRuntimeNamesIt() {
        let types: [any Any.Type] = [
            // Read from the descriptors.
            TopLevelStruct.self, TopLevelStruct.Nested.self, TopLevelStruct.Nested.Deeper.self, TopLevelClass.self,
            TopLevelEnum.self, KeywordNamed.self, Int.self, String.self,
            // Named by the runtime.
            Générique<Int>.self, Générique<Int>.Inside.self, TopLevelClass.InExtension.self, PrivateType.self,
            (any SomeProtocol).self, (Int, String).self, ((Int) -> Void).self, [TopLevelStruct].self,
            TopLevelEnum?.self,
        ]
        for type in types {
            #expect(qualifiedName(of: type) == _typeName(type, qualified: true))
        }
    }

    @Test func aLocalTypeIsNamedAsTheRuntimeNamesIt() {
        struct Local {}
        #expect(qualifiedName(of: Local.self) == _typeName(Local.self, qualified: true))
    }

    @Test func aPlainTypeIsReadFromItsDescriptors() {
        var buffer = [CChar](repeating: 0, count: 256)
        let metadata = unsafeBitCast(TopLevelStruct.Nested.self, to: UnsafeRawPointer.self)
        let length = pb_qualified_type_name(metadata, &buffer, buffer.count)
        #expect(length == "PlugboardTests.TopLevelStruct.Nested".utf8.count)
        #expect(pb_qualified_type_name(metadata, &buffer, 10) == -1)
        let generic = unsafeBitCast(Générique<Int>.self, to: UnsafeRawPointer.self)
        #expect(pb_qualified_type_name(generic, &buffer, buffer.count) == -1)
    }
}
