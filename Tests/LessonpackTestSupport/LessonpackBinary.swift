import Foundation
import LessonpackSystem

/// Runs the built `lessonpack` executable, as a user would, and collects what it prints.
package enum LessonpackBinary {
    package struct Result: Sendable {
        package var status: Int32
        package var standardOutput: String
        package var standardError: String
    }

    package struct RunFailure: Error, CustomStringConvertible {
        package var description: String
    }

    /// $LESSONPACK_BIN, or the executable in the build folder that also holds this test bundle.
    package static var path: String {
        if let configured = ProcessInfo.processInfo.environment["LESSONPACK_BIN"] { return configured }
        var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("lessonpack").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder.deleteLastPathComponent()
        }
        return Paths.inPackage(".build/debug/lessonpack")
    }

    /// Runs `lessonpack arguments` with colour off and `environment` added to the test's own.
    package static func run(_ arguments: [String], in directory: String? = nil,
                           environment: [String: String] = [:], standardInput: String? = nil,
                           timeout: TimeInterval = 120) throws -> Result {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw RunFailure(description: "no lessonpack executable at \(path): run 'swift build' before " +
                             "'swift test' (scripts/test does)")
        }
        var merged = ProcessInfo.processInfo.environment
        merged["NO_COLOR"] = "1"
        // A UTF-8 terminal, whatever the machine running the tests says (a test may ask for another).
        merged["LC_ALL"] = "C.UTF-8"
        // No configuration file of the person running the tests (config.plist): a test that wants one says where.
        merged["XDG_CONFIG_HOME"] = "/nonexistent/lessonpack-tests"
        merged.merge(environment) { _, new in new }
        let output = try ExternalTool(name: "lessonpack", path: path)
            .run(arguments, in: directory, environment: merged, input: standardInput.map { Data($0.utf8) },
                 timeout: timeout)
        if output.timedOut {
            throw RunFailure(description: "lessonpack \(arguments.joined(separator: " ")) did not finish in " +
                             "\(Int(timeout)) s")
        }
        return Result(status: output.status, standardOutput: String(decoding: output.standardOutput, as: UTF8.self),
                      standardError: output.errorText)
    }
}

extension LessonpackBinary {
    /// Runs another program the tests need (a generator script, cp), with `environment` added to the test's own.
    package static func runTool(_ path: String, _ arguments: [String], in directory: String? = nil,
                               environment: [String: String] = [:], standardInput: String? = nil,
                               timeout: TimeInterval = 120) throws -> Result {
        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { _, new in new }
        let output = try ExternalTool(name: (path as NSString).lastPathComponent, path: path)
            .run(arguments, in: directory, environment: merged, input: standardInput.map { Data($0.utf8) }, timeout: timeout)
        if output.timedOut {
            throw RunFailure(description: "\(path) \(arguments.joined(separator: " ")) did not finish in \(Int(timeout)) s")
        }
        return Result(status: output.status, standardOutput: String(decoding: output.standardOutput, as: UTF8.self),
                      standardError: output.errorText)
    }
}
