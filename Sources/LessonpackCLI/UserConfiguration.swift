import Foundation
import LessonpackCheck
import LessonpackDiagnostics
import PropertyList

/// What a person sets once instead of on every command: `$XDG_CONFIG_HOME/lessonpack/config.plist` (by default
/// `~/.config/lessonpack/config.plist`), a property list like a module's files. An option given on the command line
/// always wins over it. docs/json-output.md lists the keys:
///
/// - `lrs`, `credentials`: the record store's address and the file with its user name and password (`sync`, `report`);
/// - `email`, `name`: the learner, as the record store knows them (`sync`, `progress`);
/// - `signingKey`: the private key `build` and `release` sign with;
/// - `output`: the folder `build` writes bundles into;
/// - `severities`: per code, `error` (a warning counts as an error, as `--werror` does for all) or `off` (the warning
///   is not reported), for the commands that check modules. An error cannot be turned down.
///
/// A key or credentials file's relative path is taken from the configuration file's own folder, and `~/` from the home
/// folder; `output` is a folder name each build takes from where it runs (`dist`, `bundles`). A mistake in the file is
/// a coded diagnostic at its line and column; a key it does not know is a warning there, so a newer file works.
struct UserConfiguration {
    enum ChosenSeverity: String, CaseIterable { case error, warning, off }

    var lrs: String?
    var credentials: String?
    var email: String?
    var name: String?
    var signingKey: String?
    var output: String?
    var severities: [DiagnosticCode: ChosenSeverity] = [:]
    /// Unknown keys and codes: warnings, shown by the command that read the file.
    var warnings: [Diagnostic] = []

    /// The file's path for this environment, whether or not it exists.
    static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let home = environment["XDG_CONFIG_HOME"], home.hasPrefix("/") { return home + "/lessonpack/config.plist" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.config/lessonpack/config.plist"
    }

    /// The configuration, empty when there is no file. Throws a `config-invalid` failure when the file is there but
    /// cannot be used as it is: a command must not quietly go on with another record store or key than the one set.
    static func load(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> UserConfiguration {
        guard let path = path(environment: environment) else { return UserConfiguration() }
        guard FileManager.default.fileExists(atPath: path) else { return UserConfiguration() }
        let document = PlistReader.read(xmlOrBinaryAt: path)
        if let problem = document.diagnostics.first(where: { $0.severity == .error }) {
            throw invalid("the configuration file cannot be read: \(problem.message)", at: problem.location)
        }
        guard let root = document.root, case .dictionary(let dictionary) = root.content else {
            throw invalid("the configuration file must hold a dictionary (<dict>)", at: document.root?.location
                          ?? SourceLocation(file: path))
        }
        let folder = (path as NSString).deletingLastPathComponent
        var configuration = UserConfiguration()
        for entry in dictionary.entries {
            func text() throws -> String {
                guard case .string(let value) = entry.value.content, !value.isEmpty else {
                    throw invalid("'\(entry.key)' must be a non-empty <string>", at: entry.value.location)
                }
                return value
            }
            func file() throws -> String { resolved(try text(), from: folder, home: environment["HOME"]) }
            switch entry.key {
            case "lrs": configuration.lrs = try text()
            case "credentials": configuration.credentials = try file()
            case "email": configuration.email = try text()
            case "name": configuration.name = try text()
            case "signingKey": configuration.signingKey = try file()
            case "output": configuration.output = try text()
            case "severities":
                guard case .dictionary(let codes) = entry.value.content else {
                    throw invalid("'severities' must be a <dict> of codes, each 'error', 'warning' or 'off'",
                                  at: entry.value.location)
                }
                for code in codes.entries {
                    guard case .string(let word) = code.value.content, let chosen = ChosenSeverity(rawValue: word) else {
                        throw invalid("the severity of '\(code.key)' must be 'error', 'warning' or 'off'",
                                      at: code.value.location)
                    }
                    let known = DiagnosticCode(rawValue: code.key)
                    if RuleCatalogue.severities[known] == nil {
                        configuration.warnings.append(.warning(.configInvalid, "'\(code.key)' is not a code 'check' " +
                                                               "reports; its severity is not used", at: code.keyLocation))
                    } else if RuleCatalogue.severities[known] == .error, chosen != .error {
                        throw invalid("'\(code.key)' is an error, and an error cannot be turned down: fix what it " +
                                      "reports instead", at: code.value.location)
                    }
                    configuration.severities[known] = chosen
                }
            default:
                configuration.warnings.append(.warning(.configInvalid, "'\(entry.key)' is not a setting lessonpack " +
                                                       "knows; it is not used", at: entry.keyLocation))
            }
        }
        return configuration
    }

    private static func resolved(_ path: String, from folder: String, home: String?) -> String {
        if path.hasPrefix("/") { return path }
        if path.hasPrefix("~/"), let home { return home + path.dropFirst() }
        return folder + "/" + path
    }

    private static func invalid(_ message: String, at location: SourceLocation) -> CommandFailure {
        var failure = CommandFailure(.configInvalid, message)
        failure.reportedDiagnostics = [.error(.configInvalid, message, at: location)]
        return failure
    }
}

extension [Diagnostic] {
    /// The configuration's severities applied: a warning chosen `error` becomes one, a warning chosen `off` goes.
    func applying(_ severities: [DiagnosticCode: UserConfiguration.ChosenSeverity]) -> [Diagnostic] {
        guard !severities.isEmpty else { return self }
        return compactMap { diagnostic in
            guard diagnostic.severity == .warning, let chosen = severities[diagnostic.code] else { return diagnostic }
            switch chosen {
            case .warning: return diagnostic
            case .off: return nil
            case .error:
                var promoted = diagnostic
                promoted.severity = .error
                return promoted
            }
        }
    }
}

extension DiagnosticCode {
    /// The configuration file (`config.plist`) cannot be used as it is, or holds a setting lessonpack does not know.
    static let configInvalid: DiagnosticCode = "config-invalid"
}
