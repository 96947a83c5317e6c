/// Where `-o` sends a command's output. `-` means standard output, as for most Unix tools, and so do the names of
/// standard output itself: written as a file, `/dev/stdout` would be a device replaced by a regular file (the
/// atomic writer refuses that), so it is treated as what the user meant.
enum OutputTarget: Equatable {
    case standardOutput
    case file(String)

    static let standardOutputNames: Set<String> = ["-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"]

    init(_ path: String?) {
        guard let path, !Self.standardOutputNames.contains(path) else {
            self = .standardOutput
            return
        }
        self = .file(path)
    }
}
