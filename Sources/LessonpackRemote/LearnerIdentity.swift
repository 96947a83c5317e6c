import LessonpackDiagnostics
import LessonpackProgress
import LessonpackXAPI

/// Who the learner is in statements: given now (and then remembered in the progress store), or remembered from
/// before. `sync` and `progress --format xapi` ask it.
package enum LearnerIdentity {
    /// The learner as an xAPI agent, from `email` and `name` when given, else from the store; `remember` keeps what
    /// was given for next time.
    package static func agent(email: String?, name: String?, store: ProgressStore, remember: Bool) throws(RemoteError)
        -> Agent {
        if let email, !isAddress(email) {
            throw RemoteError(.learnerInvalid, "'\(email)' is not an e-mail address")
        }
        if let name, name.isEmpty || name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw RemoteError(.learnerInvalid, "--name must be a name on one line")
        }
        guard let address = email ?? store.learner()?.mbox.map({ String($0.dropFirst("mailto:".count)) }) else {
            throw RemoteError(.learnerUnknown, "the record store needs to know who you are: give --email (and --name) " +
                              "once, e.g. --email ana@example.org --name 'Ana Silva'")
        }
        if remember, email != nil || name != nil {
            do { try store.setLearner(email: email, name: name) } catch { throw RemoteError(error.code, error.description) }
        }
        return Agent(name: name ?? store.learner()?.name, mbox: "mailto:" + address)
    }

    /// Something@something.something, with nothing a mail address cannot hold.
    package static func isAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."),
              !parts[1].hasSuffix("."), text.count <= 254 else { return false }
        return !text.unicodeScalars.contains { $0.properties.isWhitespace || $0.properties.generalCategory == .control
            || "<>()[],;:\\\"".unicodeScalars.contains($0) }
    }
}
