import LessonpackDiagnostics

/// A version number as Semantic Versioning 2.0.0 defines it: `MAJOR.MINOR.PATCH`, optionally followed by
/// `-prerelease` and `+build`. Ordering follows the specification's precedence rules (build metadata is ignored).
package struct SemanticVersion: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    package var major: UInt64
    package var minor: UInt64
    package var patch: UInt64
    package var prerelease: [String]
    package var build: [String]

    package init(major: UInt64, minor: UInt64, patch: UInt64, prerelease: [String] = [], build: [String] = []) {
        self.major = major
        self.minor = minor
        self.patch = patch
        self.prerelease = prerelease
        self.build = build
    }

    /// Parses `text`, or explains in `problem` what is wrong with it.
    package static func parse(_ text: String) -> Result<SemanticVersion, SemanticVersionProblem> {
        var rest = Substring(text)
        var build: [String] = []
        if let plus = rest.firstIndex(of: "+") {
            build = rest[rest.index(after: plus)...].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            rest = rest[..<plus]
            guard build.allSatisfy(isIdentifier) else { return .failure(.badBuild) }
        }
        var prerelease: [String] = []
        if let dash = rest.firstIndex(of: "-") {
            prerelease = rest[rest.index(after: dash)...].split(separator: ".", omittingEmptySubsequences: false)
                .map(String.init)
            rest = rest[..<dash]
            guard prerelease.allSatisfy({ isIdentifier($0) && !hasLeadingZero($0) }) else {
                return .failure(.badPrerelease)
            }
        }
        let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return .failure(.notThreeNumbers) }
        var numbers: [UInt64] = []
        for part in parts {
            guard !part.isEmpty, part.allSatisfy({ $0.isASCII && $0.isNumber }), let number = UInt64(part) else {
                return .failure(.notThreeNumbers)
            }
            guard !hasLeadingZero(part) else { return .failure(.leadingZero) }
            numbers.append(number)
        }
        return .success(SemanticVersion(major: numbers[0], minor: numbers[1], patch: numbers[2],
                                        prerelease: prerelease, build: build))
    }

    package init?(_ text: String) {
        guard case .success(let version) = Self.parse(text) else { return nil }
        self = version
    }

    package var description: String {
        var text = "\(major).\(minor).\(patch)"
        if !prerelease.isEmpty { text += "-" + prerelease.joined(separator: ".") }
        if !build.isEmpty { text += "+" + build.joined(separator: ".") }
        return text
    }

    package static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        if (lhs.major, lhs.minor, lhs.patch) != (rhs.major, rhs.minor, rhs.patch) {
            return (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
        }
        // A pre-release comes before its release; otherwise compare identifiers left to right.
        switch (lhs.prerelease.isEmpty, rhs.prerelease.isEmpty) {
        case (true, true), (true, false): return false
        case (false, true): return true
        case (false, false): break
        }
        for (left, right) in zip(lhs.prerelease, rhs.prerelease) where left != right {
            switch (UInt64(left), UInt64(right)) {
            case let (l?, r?): return l < r
            case (_?, nil): return true
            case (nil, _?): return false
            case (nil, nil): return left < right
            }
        }
        return lhs.prerelease.count < rhs.prerelease.count
    }

    /// Precedence equality: `1.0.0+a` and `1.0.0+b` are the same version.
    package func hasSamePrecedence(as other: SemanticVersion) -> Bool { !(self < other) && !(other < self) }

    private static func isIdentifier(_ part: some StringProtocol) -> Bool {
        !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }

    private static func hasLeadingZero(_ part: some StringProtocol) -> Bool {
        part.count > 1 && part.first == "0" && part.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

package enum SemanticVersionProblem: Error, Hashable, Sendable, CustomStringConvertible {
    case notThreeNumbers, leadingZero, badPrerelease, badBuild

    package var description: String {
        switch self {
        case .notThreeNumbers: "a version is three numbers separated by dots, like 1.0.0"
        case .leadingZero: "version numbers cannot have leading zeros (write 1.2.0, not 1.02.0)"
        case .badPrerelease: "a pre-release tag after '-' is dot-separated letters, digits and hyphens, like 1.0.0-beta.2"
        case .badBuild: "build metadata after '+' is dot-separated letters, digits and hyphens, like 1.0.0+20240501"
        }
    }
}

extension DiagnosticCode {
    /// A module's version is not a semantic version.
    package static let invalidVersion: DiagnosticCode = "invalid-version"
}

extension SemanticVersionProblem: DiagnosticError {
    /// A version with no place to point at; `check` places it at module.plist's `version`.
    package var reportedDiagnostics: [Diagnostic] { [.failure(.invalidVersion, "not a semantic version: \(description)")] }
}
