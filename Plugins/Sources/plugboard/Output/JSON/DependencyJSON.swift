import Plugboard

/// A dependency as scripts read it: `{"name": "Account", "range": {"lower": "1.2.0", "upper":
/// "2.0.0"}, "optional": false}`, the range's upper bound left out when there is none.
struct DependencyJSON: Encodable, CustomStringConvertible {
    struct Range: Encodable {
        let lower: String
        let upper: String?
    }

    let name: String
    let range: Range
    let optional: Bool
    /// The dependency, for its text.
    private let dependency: PluginDependency

    private enum CodingKeys: CodingKey { case name, range, optional }

    /// The dependency as the manifest says it: `Account >=1.2.0 <2.0.0`.
    var description: String { dependency.description }

    init(_ dependency: PluginDependency) {
        self.dependency = dependency
        name = dependency.name
        range = Range(lower: dependency.versions.lowerBound, upper: dependency.versions.upperBound)
        optional = dependency.isOptional
    }
}
