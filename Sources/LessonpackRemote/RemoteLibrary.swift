import Foundation
import LessonpackBundle
import LessonpackCatalogFormat
import LessonpackDiagnostics
import LessonpackLibrary
import LessonpackModel
import LessonpackSigning
import LessonpackSystem
import Synchronization

/// Installing and updating from a publisher's release on the web (`install --catalog https://…/`, `update`).
///
/// The web server is not trusted, only the publisher's key: the signed catalog must verify against the key the
/// learner gave or first trusted for that address; every bundle must be the file the catalog lists (size and
/// SHA-256, checked before it goes near the library) and signed by the catalog's key; a catalog older than one
/// seen before, or offering a version older than the one installed, is refused. Installing is the library's
/// own: verified under a temporary name, then renamed in beside the older version, so a learner whose update is
/// cut off still plays what they had.
package struct RemoteLibrary: Sendable {
    package let library: ModuleLibrary
    private let fetcher: HTTPFetcher

    package init(library: ModuleLibrary, fetcher: HTTPFetcher = HTTPFetcher()) {
        self.library = library
        self.fetcher = fetcher
    }

    /// Closes the HTTP client's connections; call once done.
    package func shutdown() async { await fetcher.shutdown() }

    package struct Options: Sendable {
        /// The publisher's key the catalog must be signed with (--key); without it, the key pinned for the address,
        /// or on first use whatever key signed the catalog, which is then pinned.
        package var key: VerificationKey?
        package var allowDowngrade: Bool
        package var events: @Sendable (Event) -> Void

        package init(key: VerificationKey? = nil, allowDowngrade: Bool = false,
                    events: @escaping @Sendable (Event) -> Void = { _ in }) {
            self.key = key
            self.allowDowngrade = allowDowngrade
            self.events = events
        }
    }

    package enum Event: Sendable {
        /// An address seen for the first time, without --key: its catalog's key is now the one trusted for it.
        case trustedOnFirstUse(url: String, keyID: String)
        /// --key named another key than the one pinned: the given one is pinned from now on.
        case keyReplaced(url: String, from: String, to: String)
        /// The server said the catalog had not changed since the last time (one 304).
        case catalogUnchanged(url: String)
        /// A bundle's download: bytes in hand of its size; `resumedFrom` > 0 once, when an earlier part was kept.
        case downloading(file: String, have: Int, size: Int, resumedFrom: Int)
    }

    package struct SourceOutcome: Sendable {
        package var url: String
        package var release: Int?
        package var modules: [ModuleLibrary.CatalogOutcome] = []
        /// The catalog itself could not be fetched or trusted; no module of it was touched.
        package var failure: Diagnostic?
    }

    /// Installs or updates every module of the catalog at `address`, and remembers the address for `update`.
    package func install(catalog address: String, options: Options) async throws(RemoteError) -> SourceOutcome {
        let base = try Self.catalogBase(address)
        let held = try lockLibrary()
        defer { withExtendedLifetime(held) {} }
        var sources = try PublisherSources.load(library: library.folder)
        return await refresh(base, sources: &sources, options: options) { _ in true }
    }

    /// Brings the modules installed from catalogs (all, or those named) up to the newest version their catalog
    /// offers. A catalog that did not change costs one conditional request.
    package func update(only ids: [String], options: Options) async throws(RemoteError) -> [SourceOutcome] {
        let held = try lockLibrary()
        defer { withExtendedLifetime(held) {} }
        var sources = try PublisherSources.load(library: library.folder)
        let tracked = Set(sources.sources.flatMap(\.modules))
        if let stranger = ids.first(where: { !tracked.contains($0) }) {
            throw RemoteError(.updateNotFromCatalog, "'\(stranger)' was not installed from a web catalog: install it with " +
                              "'lessonpack install --catalog URL', or install a newer bundle file directly")
        }
        let wanted = Set(ids)
        var outcomes: [SourceOutcome] = []
        for source in sources.sources {
            let modules = Set(source.modules).filter { wanted.isEmpty || wanted.contains($0) }
            guard !modules.isEmpty else { continue }
            outcomes.append(await refresh(source.url, sources: &sources, options: options) { modules.contains($0.id) })
        }
        return outcomes
    }

    private func lockLibrary() throws(RemoteError) -> FolderLock {
        do { return try library.lock() } catch { throw RemoteError(diagnostic: error.diagnostics[0]) }
    }

    /// Fetches and verifies one catalog, then brings each module `selected` up to date; the catalog's record in
    /// sources.json is saved as soon as the catalog is trusted, so a module that fails is retried next time from
    /// the copy kept, without fetching the catalog again.
    private func refresh(_ base: String, sources: inout PublisherSources, options: Options,
                         selected: (Catalog.Module) -> Bool) async -> SourceOutcome {
        var outcome = SourceOutcome(url: base)
        let signed: SignedCatalog
        do {
            signed = try await trustedCatalog(base, sources: &sources, options: options)
        } catch {
            outcome.failure = error.diagnostic
            return outcome
        }
        outcome.release = signed.catalog.release
        var tracked = Set(sources.source(base)?.modules ?? [])
        // Listing opens every installed bundle: once per catalog, not once per module.
        let installed = Dictionary(grouping: library.list(), by: \.id)
        for entry in signed.catalog.modules where selected(entry) {
            let result = await bring(entry, installed: installed[entry.id] ?? [], from: base, signedBy: signed.key,
                                     options: options)
            if case .failed = result.result {} else { tracked.insert(entry.id) }
            outcome.modules.append(result)
        }
        if var source = sources.source(base), source.modules != tracked.sorted() {
            source.modules = tracked.sorted()
            sources.set(source)
            do { try sources.save(library: library.folder) } catch { outcome.failure = error.diagnostic }
        }
        return outcome
    }

    /// The catalog at `base`, fetched unless the server says it has not changed, verified against the pinned or
    /// given key, and not older than the newest release seen from there.
    private func trustedCatalog(_ base: String, sources: inout PublisherSources,
                                options: Options) async throws(RemoteError) -> SignedCatalog {
        let url = base + SignedCatalog.fileName
        let stored = sources.source(base)
        let cachePath = PublisherSources.cachedCatalog(library: library.folder, url: base)
        let cached: [UInt8]? = if case .success(let bytes) = BoundedFile.read(cachePath, limit: 2 * Catalog.maxBytes + 4096,
                                                                                links: .refuse) { bytes } else { nil }
        let answer = try await fetcher.fetch(url, etag: cached == nil ? nil : stored?.etag,
                                             lastModified: cached == nil ? nil : stored?.lastModified,
                                             limit: 2 * Catalog.maxBytes + 4096)
        let bytes: [UInt8]
        var etag = stored?.etag, lastModified = stored?.lastModified
        switch answer {
        case .notModified:
            guard let cached else {
                throw RemoteError(.remoteHTTPError, "\(url) answered 304 Not Modified to a request that was not " +
                                  "conditional", url: url)
            }
            bytes = cached
            options.events(.catalogUnchanged(url: url))
        case .notFound:
            throw RemoteError(.remoteHTTPError, "\(url) is not there (404): lessonpack installs over the web only from " +
                              "a signed catalog; is \(base) the folder of a release made with 'lessonpack release --sign KEY'?",
                              url: url)
        case .fetched(let body, let newTag, let modified):
            bytes = body
            etag = newTag
            lastModified = modified
        }
        let pinned = stored.flatMap { VerificationKey(base64: $0.publicKey) }
        let signed: SignedCatalog
        do { signed = try SignedCatalog.open(bytes, source: url, trusted: options.key ?? pinned) } catch {
            throw RemoteError(diagnostic: error.diagnostic)
        }
        if let stored, signed.catalog.release < stored.release {
            throw RemoteError(.catalogRollback, "\(url) is release \(signed.catalog.release), older than release " +
                              "\(stored.release) already installed from there: an outdated copy is being served " +
                              "(a stale mirror or cache, or someone holding back updates)", url: url)
        }
        if let pinned, pinned != signed.key {
            options.events(.keyReplaced(url: base, from: pinned.keyID, to: signed.key.keyID))
        } else if pinned == nil, options.key == nil {
            options.events(.trustedOnFirstUse(url: base, keyID: signed.key.keyID))
        }
        if case .fetched = answer {
            do {
                try FileManager.default.createDirectory(atPath: (cachePath as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                try AtomicFile.write(bytes, to: cachePath)
            } catch {
                throw RemoteError(.librarySourcesInvalid, "cannot keep a copy of the catalog in \(cachePath): " +
                                  SystemErrorText.describe(error), url: cachePath)
            }
        }
        sources.set(PublisherSources.Source(url: base, publicKey: signed.key.base64, keyID: signed.key.keyID, etag: etag,
                                            lastModified: lastModified, release: signed.catalog.release,
                                            modules: stored?.modules ?? []))
        try sources.save(library: library.folder)
        return signed
    }

    /// One catalog entry: nothing when the installed copy is the file listed, a refusal when it would take the
    /// module back to an older version, otherwise downloaded (resuming what an earlier run left), checked against
    /// the catalog and installed.
    /// `installed`: the module's installed versions, oldest first.
    private func bring(_ entry: Catalog.Module, installed: [ModuleLibrary.Installed], from base: String,
                       signedBy key: VerificationKey, options: Options) async -> ModuleLibrary.CatalogOutcome {
        var outcome = ModuleLibrary.CatalogOutcome(id: entry.id, version: entry.version, result: .upToDate)
        let offered = SemanticVersion(entry.version) ?? SemanticVersion(major: 0, minor: 0, patch: 0)
        let url = base + entry.file
        if let newest = installed.last, ModuleLibrary.version(newest) > offered, !options.allowDowngrade {
            outcome.result = .failed([.error(.installDowngrade, "\(base) offers \(entry.id) \(entry.version), older " +
                                             "than the installed \(newest.version): refused, since an old bundle can " +
                                             "bring back what a newer one fixed (--allow-downgrade installs it)",
                                             at: SourceLocation(file: url))])
            return outcome
        }
        if let present = installed.first(where: { $0.version == entry.version }),
           present.signature.keyID == key.keyID,
           FileDigest.sha256(ofFileAt: present.path, links: .refuse) == entry.sha256 {
            return outcome
        }
        let part = PublisherSources.download(library: library.folder, sha256: entry.sha256)
        do {
            try FileManager.default.createDirectory(atPath: (part as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            outcome.result = .failed([.error(.installFailed, "cannot make the downloads folder for \(part): " +
                                             SystemErrorText.describe(error), at: SourceLocation(file: part))])
            return outcome
        }
        do throws(RemoteError) {
            // A resumed download that does not add up is fetched once more from the start: the part kept may
            // have come from a file the server has since replaced.
            var resumed = try await fetch(url, entry: entry, into: part, options: options)
            if resumed > 0, FileDigest.sha256(ofFileAt: part, links: .refuse) != entry.sha256 {
                unlink(part)
                resumed = try await fetch(url, entry: entry, into: part, options: options)
            }
        } catch {
            // The part stays, so the next run resumes it; unless the server sent more than the file listed, or
            // said its file has another length, which shows it is not sending that file (an endless answer, or
            // another file in its place): nothing it sent is worth finishing, and a part kept would be finished
            // with the wrong bytes.
            if error.code == .remoteTooLarge || error.code == .catalogBundleMismatch { unlink(part) }
            outcome.result = .failed([error.diagnostic])
            return outcome
        }
        defer { unlink(part) }
        let trust = ModuleLibrary.Trust(key: key, allowDowngrade: options.allowDowngrade)
        do throws(BundleError) {
            let done = try library.installLocked(part, size: entry.size, trust: trust,
                                                 checks: ModuleLibrary.checks(for: entry, at: url))
            outcome.warnings = done.warnings
            let previous = installed.filter { $0.version != entry.version }.last
            outcome.result = previous.map { .updated(from: $0.version) } ?? .installed
        } catch {
            outcome.result = .failed(error.diagnostics.map { relocated($0, from: part, to: url) })
        }
        return outcome
    }

    private func fetch(_ url: String, entry: Catalog.Module, into part: String,
                       options: Options) async throws(RemoteError) -> Int {
        let announced = Mutex(false)
        let file = entry.file
        let download = try await fetcher.download(url, to: part, size: entry.size) { have, size in
            let resumedFrom = announced.withLock { first in
                defer { first = true }
                return first ? 0 : have
            }
            options.events(.downloading(file: file, have: have, size: size, resumedFrom: resumedFrom))
        }
        return download.resumedFrom
    }

    /// Messages about the downloaded file name the address it came from.
    private func relocated(_ diagnostic: Diagnostic, from part: String, to url: String) -> Diagnostic {
        var moved = diagnostic
        moved.message = moved.message.replacingOccurrences(of: part, with: url)
        if moved.location.file == part || moved.location.file.isEmpty { moved.location = SourceLocation(file: url) }
        return moved
    }

    /// The catalog's base address, ending in '/': an http:// or https:// address of a release folder, or of its
    /// catalog.signed.json. No user name or password in it (they would be stored in sources.json), no query.
    package static func catalogBase(_ address: String) throws(RemoteError) -> String {
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty else {
            throw RemoteError(.remoteAddressInvalid, "'\(address.prefix(200))' is not an http:// or https:// address of " +
                              "a release", url: address)
        }
        guard url.user == nil, url.password == nil, url.query == nil, url.fragment == nil else {
            throw RemoteError(.remoteAddressInvalid, "'\(address.prefix(200))' carries a user name, password, query or " +
                              "fragment; give the plain address of the release folder", url: address)
        }
        var base = address
        if base.hasSuffix("/" + SignedCatalog.fileName) || base.hasSuffix("/" + Catalog.jsonFileName) {
            base = String(base[..<(base.lastIndex(of: "/").map { base.index(after: $0) } ?? base.endIndex)])
        }
        return base.hasSuffix("/") ? base : base + "/"
    }

    /// Whether `text` is meant as a web address rather than a folder: any `scheme://`, so that an address with a scheme
    /// other than http:// or https:// is refused as an address (and printed without a password it carries), not looked
    /// for as a folder.
    package static func isWebAddress(_ text: String) -> Bool {
        guard let scheme = text.range(of: "://") else { return false }
        let name = text[..<scheme.lowerBound]
        return !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
            && name.first?.isLetter == true
    }
}

extension RemoteError {
    init(diagnostic: Diagnostic) {
        self.init(diagnostic.code, diagnostic.message, url: diagnostic.location.file)
    }
}
