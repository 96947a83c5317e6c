import Foundation
import LessonpackTestSupport
import Testing

/// The hostile corpus of scripts/generate-hostile-corpus, generated once per test run into `.build/hostile-corpus`
/// by the built `lessonpack` (which it uses to build and sign the bundles it then breaks), and what each case
/// expects. See the script for the expectation format.
struct HostileCorpus: Sendable {
    public struct Case: Sendable, CustomTestStringConvertible {
        public var kind: String
        public var relativePath: String
        public var path: String
        /// The code every command in `commands` must report, "ok" for a case they must accept; a trailing "?" marks
        /// a warning, reported by a command that succeeds.
        public var code: String
        public var commands: Set<String>?
        public var forbidden: String?

        public var testDescription: String { relativePath }
        public var isAccepted: Bool { code == "ok" }
        public func mustReport(_ command: String) -> Bool { commands?.contains(command) ?? true }
    }

    public struct Step: Sendable {
        public var arguments: [String]
        public var code: String
        public var conditions: [String]
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public var folder: String
    public var cases: [Case]
    /// The corpus's publisher key, the one its signed bundles are signed with.
    public var key: String { folder + "/keys/publisher.key.pub" }

    public static let generated: Result<HostileCorpus, Failure> = {
        let folder = Paths.inPackage(".build/hostile-corpus")
        do {
            guard FileManager.default.isExecutableFile(atPath: LessonpackBinary.path) else {
                throw Failure(description: "no lessonpack at \(LessonpackBinary.path): run 'swift build' first")
            }
            let output = try LessonpackBinary.runTool("/usr/bin/env", ["python3", Paths.inPackage("scripts/generate-hostile-corpus"),
                                                                      folder],
                                                      environment: ["LESSONPACK": LessonpackBinary.path], timeout: 300)
            guard output.status == 0 else {
                throw Failure(description: "scripts/generate-hostile-corpus failed (python3 is installed by " +
                              "scripts/setup): \(output.standardError)")
            }
            return .success(HostileCorpus(folder: folder, cases: try read(folder)))
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(description: "cannot generate the hostile corpus: \(error)"))
        }
    }()

    static func read(_ folder: String) throws -> [Case] {
        let table = try String(contentsOfFile: folder + "/expectations.tsv", encoding: .utf8)
        return table.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let commands = fields[3] == "all" ? nil : Set(fields[3].split(separator: ",").map(String.init))
            return Case(kind: fields[0], relativePath: fields[1], path: folder + "/" + fields[1], code: fields[2],
                        commands: commands, forbidden: fields.count > 4 && !fields[4].isEmpty ? pythonString(fields[4]) : nil)
        }
    }

    /// A Python string literal as the generator writes it with repr(): quotes, `\xNN`, `\uNNNN` and `\n` escapes.
    static func pythonString(_ literal: String) -> String {
        var body = Array(literal.unicodeScalars.dropFirst().dropLast())
        var result = String.UnicodeScalarView()
        while !body.isEmpty {
            let scalar = body.removeFirst()
            guard scalar == "\\", let kind = body.first else {
                result.append(scalar)
                continue
            }
            body.removeFirst()
            let width = kind == "x" ? 2 : kind == "u" ? 4 : 0
            if width > 0, let value = UInt32(String(String.UnicodeScalarView(body.prefix(width))), radix: 16),
               let decoded = Unicode.Scalar(value) {
                result.append(decoded)
                body.removeFirst(width)
            } else {
                result.append(["n": "\n", "t": "\t", "r": "\r"][kind] ?? kind)
            }
        }
        return String(result)
    }

    public static func steps(of folder: String) throws -> [Step] {
        try String(contentsOfFile: folder + "/steps.tsv", encoding: .utf8).split(separator: "\n").map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let arguments = try JSONDecoder().decode([String].self, from: Data(fields[0].utf8))
            return Step(arguments: arguments, code: fields[1],
                        conditions: fields[2].split(separator: "|").map(String.init))
        }
    }

    /// A temporary home, cache and working folder two levels down, so a "../../evil.txt" that escaped would land
    /// inside the sandbox where it can be seen.
    public final class Sandbox {
        public let folder = TemporaryFolder("lessonpack-hostile")
        public let hostile: Case
        public var workingFolder: String { folder.child("work/here") }
        public var environment: [String: String] {
            ["HOME": folder.child("home"), "XDG_CACHE_HOME": folder.child("cache"), "XDG_DATA_HOME": folder.child("share"),
             "LESSONPACK_DATA_DIR": folder.child("data"), "LESSONPACK_BUSY_TIMEOUT": "2"]
        }

        public init(_ hostile: Case) throws {
            self.hostile = hostile
            try FileManager.default.createDirectory(atPath: workingFolder, withIntermediateDirectories: true)
        }

        /// A copy of the case's folder, FIFOs and links as they are (`cp -a`), for commands that write into it.
        public func copyCase() throws -> String {
            let copy = folder.child("case")
            let output = try LessonpackBinary.runTool("/bin/cp", ["-a", hostile.path, copy], timeout: 60)
            guard output.status == 0 else { throw Failure(description: "cannot copy \(hostile.path): \(output.standardError)") }
            return copy
        }

        /// Runs one command on the case, and holds it to the case's expectation when it is one of its commands.
        /// `reporting: false` for a command that only must not fail on what the others refused (`list`).
        public func expect(_ command: String, _ arguments: [String], input: String? = nil, reporting: Bool = true,
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
            let result = try LessonpackBinary.run(arguments, in: workingFolder, environment: environment,
                                                  standardInput: input, timeout: 60)
            let said = result.standardOutput + result.standardError
            expectSafe(said, command, sourceLocation: sourceLocation)
            if reporting && hostile.mustReport(command) {
                expectOutcome(hostile.code, status: result.status, said: said, command, sourceLocation: sourceLocation)
            } else {
                #expect([0, 1, 2].contains(result.status), "\(command) exited \(result.status): \(said)",
                        sourceLocation: sourceLocation)
            }
        }

        public func expectSafe(_ said: String, _ command: String, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(!said.contains("Fatal error") && !said.contains("Stack dump"), "\(command) crashed: \(said)",
                    sourceLocation: sourceLocation)
            #expect(!said.contains("root:x:0"), "\(command) leaked /etc/passwd", sourceLocation: sourceLocation)
            if let forbidden = hostile.forbidden {
                #expect(!said.contains(forbidden), "\(command) printed \(forbidden.debugDescription): \(said.debugDescription)",
                        sourceLocation: sourceLocation)
            }
        }

        /// "ok": success. "code": the code shown, and a failure. "code?": the code shown as a warning, and success.
        public func expectOutcome(_ code: String, status: Int32, said: String, _ command: String,
                                  sourceLocation: SourceLocation = #_sourceLocation) {
            if code == "ok" {
                #expect(status == 0, "\(command) refused an acceptable input: \(said)", sourceLocation: sourceLocation)
                return
            }
            let warning = code.hasSuffix("?")
            let bare = warning ? String(code.dropLast()) : code
            #expect(said.contains("[\(bare)]"), "\(command) did not report [\(bare)]: \(said)", sourceLocation: sourceLocation)
            if warning {
                #expect(status == 0 || status == 1, "\(command) exited \(status): \(said)", sourceLocation: sourceLocation)
            } else {
                #expect(status == 1 || status == 2, "\(command) exited \(status): \(said)", sourceLocation: sourceLocation)
            }
        }

        public func expectCondition(_ condition: String, in copy: String, original: String, said: String, _ name: String,
                                    sourceLocation: SourceLocation = #_sourceLocation) {
            guard let colon = condition.firstIndex(of: ":") else { return }
            let kind = condition[..<colon], argument = String(condition[condition.index(after: colon)...])
            let file = copy + "/" + argument
            var status = stat()
            switch kind {
            case "same":
                #expect(FileManager.default.contents(atPath: file) == FileManager.default.contents(atPath: original + "/" + argument),
                        "\(name) changed \(argument)", sourceLocation: sourceLocation)
            case "link":
                #expect(lstat(file, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK, "\(name): \(argument) is no longer a link",
                        sourceLocation: sourceLocation)
            case "fifo":
                #expect(lstat(file, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "\(name): \(argument) is no longer a FIFO",
                        sourceLocation: sourceLocation)
            case "gone":
                #expect(lstat(file, &status) != 0, "\(name) left \(argument)", sourceLocation: sourceLocation)
            case "exists":
                let folder = (file as NSString).deletingLastPathComponent
                let pattern = (file as NSString).lastPathComponent
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                #expect(names.contains { fnmatch(pattern, $0, 0) == 0 }, "\(name): nothing matches \(argument) in \(names)",
                        sourceLocation: sourceLocation)
            case "said":
                #expect(said.contains(argument), "\(name) did not say '\(argument)': \(said)", sourceLocation: sourceLocation)
            default:
                Issue.record("unknown condition \(condition)", sourceLocation: sourceLocation)
            }
        }

        public func expectNothingEscaped(sourceLocation: SourceLocation = #_sourceLocation) {
            let escaped = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }
                .filter { $0.hasSuffix("evil.txt") || $0.hasSuffix("lessonpack-evil") } ?? []
            #expect(escaped.isEmpty, "files written by an attack: \(escaped)", sourceLocation: sourceLocation)
            #expect(!FileManager.default.fileExists(atPath: "/tmp/lessonpack-evil.txt"), sourceLocation: sourceLocation)
            #expect(!FileManager.default.fileExists(atPath: "/tmp/lessonpack-evil-learner.wav"), sourceLocation: sourceLocation)
        }
    }
}
