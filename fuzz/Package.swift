// swift-tools-version:6.1
// libFuzzer targets for Lessonpack's untrusted-input readers. Not part of the main build: fuzz/run builds them with
// --sanitize=fuzzer --sanitize=address and runs each for as long as it is asked to.
import PackageDescription

let fuzzer: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "LessonpackFuzz",
    dependencies: [.package(name: "Lessonpack", path: "..")],
    targets: [
        .executableTarget(name: "fuzz-plist", dependencies: [.product(name: "FuzzHarness", package: "Lessonpack")],
                          swiftSettings: fuzzer),
        .executableTarget(name: "fuzz-module", dependencies: [.product(name: "FuzzHarness", package: "Lessonpack")],
                          swiftSettings: fuzzer),
        .executableTarget(name: "fuzz-bundle", dependencies: [.product(name: "FuzzHarness", package: "Lessonpack")],
                          swiftSettings: fuzzer),
        .executableTarget(name: "fuzz-catalog", dependencies: [.product(name: "FuzzHarness", package: "Lessonpack")],
                          swiftSettings: fuzzer),
    ]
)
