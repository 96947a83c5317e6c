import Foundation

/// A folder held open by its descriptor, so that the folder that was checked is the one that is used. Inside a tree
/// another process can change (a module's media/, a library), a path checked with `lstat` and then used again by
/// name can be swapped for a link in between, and the write or the delete lands wherever the link leads. Every folder
/// here is opened from its parent's descriptor without following a link, and every file made, renamed or removed in
/// it is named relative to its descriptor (`openat`, `renameat`, `unlinkat`), never by a path looked up again.
package final class OpenFolder: @unchecked Sendable {
    package struct Failure: Error, CustomStringConvertible, Sendable, Equatable {
        package enum Kind: Sendable, Equatable {
            case missing
            /// A symbolic link (named) where a folder was to be opened.
            case linkInPath(String)
            /// A file or something else (named) where a folder was to be opened.
            case notAFolder(String)
            case io
        }

        package var path: String
        package var reason: String
        package var kind: Kind
        package var description: String { "\(path): \(reason)" }
    }

    package let descriptor: Int32
    /// Where the folder was when it was opened, for messages and for tools that only take a path. Never used to
    /// reach the folder again: it may have moved since.
    package let path: String

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close(descriptor) }

    /// Opens `root`, which is the user's to name: a link there is followed, as any command follows the paths it is
    /// given.
    package init(_ root: String) throws(Failure) {
        let descriptor = Foundation.open(root.isEmpty ? "." : root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let error = errno
            throw Failure(path: root, reason: String(cString: strerror(error)),
                          kind: error == ENOENT ? .missing : error == ENOTDIR ? .notAFolder(root) : .io)
        }
        self.descriptor = descriptor
        path = root
    }

    /// The folder `name` directly inside this one, never through a link. When `create` is set a missing folder is
    /// made first (0755); `made` says whether it was.
    package func folder(_ name: String, create: Bool = false) throws(Failure) -> (folder: OpenFolder, made: Bool) {
        var made = false
        if create {
            if mkdirat(descriptor, name, 0o755) == 0 {
                made = true
            } else if errno != EEXIST {
                let error = errno
                throw Failure(path: join(name), reason: "cannot make it: " + String(cString: strerror(error)),
                              kind: error == ENOENT ? .missing : .io)
            }
        }
        let opened = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        let error = errno
        guard opened >= 0 else {
            let shown = join(name)
            switch status(of: name).map({ $0.st_mode & S_IFMT }) {
            case S_IFLNK?:
                throw Failure(path: shown, reason: "it is a symbolic link, and only real folders are followed here",
                              kind: .linkInPath(name))
            case let type? where type != S_IFDIR:
                throw Failure(path: shown, reason: "it is not a folder", kind: .notAFolder(name))
            default:
                throw Failure(path: shown, reason: String(cString: strerror(error)),
                              kind: error == ENOENT ? .missing : .io)
            }
        }
        return (OpenFolder(descriptor: opened, path: join(name)), made)
    }

    /// The folder at `relative` ('/' between its parts) inside this one, each part opened from the one before without
    /// following a link. With `create`, missing folders are made; `made` lists them (each with the open folder it
    /// was made in), outermost first, so that a caller that gives up can remove them again.
    package func folder(at relative: String, create: Bool = false)
        throws(Failure) -> (folder: OpenFolder, made: [(parent: OpenFolder, name: String)]) {
        var current = self
        var made: [(parent: OpenFolder, name: String)] = []
        for part in relative.split(separator: "/", omittingEmptySubsequences: true).map(String.init) where part != "." {
            let next: (folder: OpenFolder, made: Bool)
            do throws(Failure) {
                guard part != ".." else {
                    throw Failure(path: join(relative), reason: "'..' leads out of the folder", kind: .notAFolder(part))
                }
                next = try current.folder(part, create: create)
            } catch {
                // Made for this call and now of no use: only emptied folders are taken away.
                for (parent, name) in made.reversed() { parent.removeFolder(name) }
                throw error
            }
            if next.made { made.append((current, part)) }
            current = next.folder
        }
        return (current, made)
    }

    /// What is at `name`, without following a link; nil when nothing is (or it cannot be looked at).
    package func status(of name: String) -> stat? {
        var status = stat()
        return fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 ? status : nil
    }

    /// Removes the file (or link) `name` in this folder; a folder is never removed this way.
    package func removeFile(_ name: String) throws(Failure) {
        guard unlinkat(descriptor, name, 0) == 0 else {
            let error = errno
            throw Failure(path: join(name), reason: String(cString: strerror(error)), kind: error == ENOENT ? .missing : .io)
        }
    }

    /// Removes the folder `name` in this folder when it is empty; answers whether it did.
    @discardableResult
    package func removeFolder(_ name: String) -> Bool { unlinkat(descriptor, name, AT_REMOVEDIR) == 0 }

    /// Removes `name` and everything in it. Folders inside are entered by descriptor without following a link: a
    /// link met on the way is removed itself, never what it leads to.
    package func removeTree(_ name: String) {
        if unlinkat(descriptor, name, 0) == 0 { return }
        guard let inner = try? folder(name).folder else { return }
        for entry in inner.names() { inner.removeTree(entry) }
        removeFolder(name)
    }

    /// The names in this folder (not `.` or `..`), in no particular order.
    package func names() -> [String] {
        let copy = dup(descriptor)
        guard copy >= 0 else { return [] }
        guard let stream = fdopendir(copy) else {
            close(copy)
            return []
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// Makes the new, empty folder `name` here and opens it; fails if anything is already there, so a name an
    /// attacker placed first is never used.
    package func makeFolder(_ name: String, permissions: mode_t = 0o755) throws(Failure) -> OpenFolder {
        guard mkdirat(descriptor, name, permissions) == 0 else {
            throw Failure(path: join(name), reason: "cannot make it: " + String(cString: strerror(errno)), kind: .io)
        }
        return try folder(name).folder
    }

    /// Renames `name` to `newName`, both in this folder, replacing what `newName` was.
    package func rename(_ name: String, to newName: String) throws(Failure) {
        guard renameat(descriptor, name, descriptor, newName) == 0 else {
            throw Failure(path: join(newName), reason: String(cString: strerror(errno)), kind: .io)
        }
    }

    /// Creates a new file named `prefix` plus six random characters, with `O_EXCL` and without following a link, as
    /// `mkstemp` does but in this folder. Returns its name and its descriptor (open for writing, mode 0600).
    package func makeUniqueFile(prefix: String) throws(Failure) -> (name: String, descriptor: Int32) {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        for _ in 0..<100 {
            let name = prefix + String((0..<6).map { _ in letters.randomElement()! })
            let descriptor = openat(descriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if descriptor >= 0 { return (name, descriptor) }
            guard errno == EEXIST || errno == EINTR else {
                throw Failure(path: join(prefix + "XXXXXX"), reason: String(cString: strerror(errno)), kind: .io)
            }
        }
        throw Failure(path: join(prefix + "XXXXXX"), reason: "no free temporary name", kind: .io)
    }

    /// `name`'s path as it was when this folder was opened, for messages.
    package func join(_ name: String) -> String {
        path.isEmpty || path == "." ? name : path.hasSuffix("/") ? path + name : path + "/" + name
    }
}
