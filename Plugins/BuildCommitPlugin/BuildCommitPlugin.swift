import Foundation
import PackagePlugin

/// Records the commit a build is made from, for `lessonpack --version`: a published binary then says which source
/// it came from. A prebuild command, because a new commit changes no input file a build command could name; it
/// rewrites its output only when the text changes, so building the same commit again compiles nothing.
///
/// The commit is `git rev-parse --short=12 HEAD`, with `+changes` when tracked files differ from it (a binary built
/// from edited source is not that commit). Outside a git checkout, or without git, there is none to record.
@main
struct BuildCommitPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "Generated")
        let script = #"""
            package=$1 output=$2
            commit=$(git -C "$package" rev-parse --short=12 HEAD 2>/dev/null) || commit=
            case "$commit" in *[!0-9a-f]*) commit= ;; esac
            if [ -n "$commit" ] &&
               [ -n "$(git --no-optional-locks -C "$package" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
              commit="$commit+changes"
            fi
            if [ -n "$commit" ]; then value="\"$commit\""; else value=nil; fi
            mkdir -p "$output"
            printf '// Written by BuildCommitPlugin on each build.\nlet recordedBuildCommit: String? = %s\n' "$value" \
              >"$output/.RecordedBuildCommit.swift.new"
            if cmp -s "$output/.RecordedBuildCommit.swift.new" "$output/RecordedBuildCommit.swift"; then
              rm -f "$output/.RecordedBuildCommit.swift.new"
            else
              mv "$output/.RecordedBuildCommit.swift.new" "$output/RecordedBuildCommit.swift"
            fi
            """#
        return [.prebuildCommand(displayName: "Recording the commit this build is made from",
                                 executable: URL(filePath: "/bin/sh"),
                                 arguments: ["-c", script, "sh", context.package.directoryURL.path(percentEncoded: false),
                                             output.path(percentEncoded: false)],
                                 outputFilesDirectory: output)]
    }
}
