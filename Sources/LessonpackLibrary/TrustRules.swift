import LessonpackBundle
import LessonpackDiagnostics
import LessonpackModel

/// What a library accepts over what it holds (docs/bundle-format.md, "Trust"). A signature proves a bundle is
/// unchanged since someone signed it, not who; the learner's `--key` says who they trust. So:
///
/// - With `--key`, every bundle must be signed by that key (the verifier refuses others), an installed copy that
///   is not is no longer "up to date" and is replaced, and a version lower than one installed is refused (an old,
///   genuinely signed bundle is how a fixed flaw comes back) unless the learner allows it.
/// - Without `--key`, the same changes are allowed but said: a module whose installed copies were signed by one key
///   and now come signed by another, or unsigned, and a version lower than one installed.
enum TrustRules {
    static func check(incoming: ModuleLibrary.Installed, present: [ModuleLibrary.Installed], trust: ModuleLibrary.Trust,
                      bundle: String) throws(BundleError) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        let location = SourceLocation(file: bundle)
        let name = "\(incoming.id) \(incoming.version)"
        if let newest = present.max(by: { ModuleLibrary.version($0) < ModuleLibrary.version($1) }),
           ModuleLibrary.version(incoming) < ModuleLibrary.version(newest) {
            let message = "\(name) is older than the installed \(newest.version)"
            if trust.key != nil && !trust.allowDowngrade {
                throw BundleError(.installDowngrade, message + "; with --key an older version is refused (an old " +
                                  "bundle can bring back what a newer one fixed): pass --allow-downgrade to install it",
                                  file: bundle)
            }
            warnings.append(.warning(.installDowngrade, message + "; 'play \(incoming.id)' still plays the newest", at: location))
        }
        let signers = Set(present.map { describe($0.signature) })
        let incomingSigner = describe(incoming.signature)
        if !signers.isEmpty, !signers.contains(incomingSigner) {
            let before = signers.sorted().joined(separator: " and ")
            if trust.key != nil {
                warnings.append(.warning(.installSignerChanged, "\(incoming.id) was installed \(before); this copy is " +
                                         "\(incomingSigner), the key you gave, so it replaces what that key did not sign",
                                         at: location))
            } else {
                warnings.append(.warning(.installSignerChanged, "\(incoming.id) was installed \(before), but this copy " +
                                         "is \(incomingSigner): anyone can sign a bundle, so check it comes from your " +
                                         "publisher, and pass --key with their public key to accept only theirs",
                                         at: location))
            }
        }
        return warnings
    }

    static func describe(_ signature: SignatureStatus) -> String {
        signature.keyID.map { "signed by key \($0)" } ?? "unsigned"
    }
}
