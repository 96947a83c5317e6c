import Foundation
import LessonpackModel
import LessonpackSystem
import LessonpackTestSupport
import Testing
@testable import LessonpackCore

/// The learning core built twice, natively and with Embedded Swift for WebAssembly (scripts/build-wasm), must agree
/// byte for byte: every attempt seed, every deal of a sequence of attempts, each dealt unlike the one before, and
/// every effect and result of every scripted activity played through its engine on the sample module.
/// The wasm core runs in Debian's Node (Tests/WasmConformance/run.mjs); the native one is this test's own.
// The limit holds the wasm build (up to ten minutes on a loaded machine) and the run after it.
@Suite(.timeLimit(.minutes(20))) struct WasmConformanceTests {
    /// One request, as run.mjs reads it, and what the native core answers it.
    struct Exchange {
        var request: String
        var native: String
    }

    @Test func theWasmCoreAnswersEveryRequestAsTheNativeCoreDoes() async throws {
        let folder = TemporaryFolder()
        // The page's core, as `export web` ships it, and one with the engines' own entry points as well.
        let pageCore = try await PageCore.path()
        let testCore = folder.child("lessonpack-core-test.wasm")
        let build = try await LessonpackBinary.runTool(Paths.inPackage("scripts/build-wasm"), ["--test-entries", testCore],
                                                       timeout: 600)
        try #require(build.status == 0, "scripts/build-wasm failed: \(build.standardError)")
        let node = try #require(ExternalTool.find("node") ?? ExternalTool.find("nodejs"),
                                "Node.js, which runs the wasm core, is not installed: scripts/setup installs Debian's nodejs")

        let module = folder.write(ModuleJSON.write(try Self.sample()), to: "module.json")
        let engines = Self.seedExchanges() + Self.testDeals() + Self.questionDeals() + Self.audioGames() + Self.malformed()
            + (try Self.scripts(moduleFile: module)) + (try Self.unplayableModules(in: folder)) + Self.folds()
        try await Self.compare(engines, core: testCore, node: node, in: folder)
        // What a page asks its core, asked of the core a page gets.
        try await Self.compare(try Self.pages(in: folder) + Self.seedExchanges() + Self.folds(), core: pageCore, node: node,
                               in: folder)
    }

    /// `exchanges` asked of the wasm `core` in Node, each answer compared with the native one.
    static func compare(_ exchanges: [Exchange], core: String, node: ExternalTool, in folder: TemporaryFolder) async throws {
        let requests = folder.write(exchanges.map(\.request).joined(separator: "\n") + "\n", to: "requests.jsonl")
        let run = try await node.run([Paths.inPackage("Tests/WasmConformance/run.mjs"), core, requests], timeout: 300)
        try #require(run.succeeded, "node: \(run.errorText)")
        let answers = String(decoding: run.standardOutput, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        try #require(answers.count == exchanges.count + 1, "\(answers.count - 1) answers to \(exchanges.count) requests")
        var differing = 0
        for (exchange, answer) in zip(exchanges, answers) where answer != exchange.native {
            differing += 1
            if differing <= 5 { Issue.record("\(exchange.request)\n native: \(exchange.native)\n wasm:   \(answer)") }
        }
        #expect(differing == 0, "\(differing) of \(exchanges.count) answers differ")
        #expect(exchanges.count > 200)
    }

    static func sample() throws -> Module { try ModuleLoader.load(folder: Paths.sampleModule).module }

    /// Each activity played 25 times from seeded random events, some of them against the rules (a tile in the
    /// wrong slot, a letter taken back), with the time running on between them.
    static func scripts(moduleFile: String) throws -> [Exchange] {
        let module = try sample()
        let text = ModuleJSON.write(module)
        var exchanges: [Exchange] = []
        for kind in EngineScript.Kind.allCases {
            for game in 0..<25 {
                var random = SeededRandom(seed: UInt64(kind.rawValue * 1000 + game))
                let options = kind == .audioGame ? random.below(3) : 0
                var events: [Int] = []
                var time = 0
                for step in 0..<((kind == .audioGame ? 30 : 5) + random.below(40)) {
                    time += random.below(5000)
                    events += [time] + Self.event(kind, module, step: step, &random)
                }
                let seed = random.next()
                let list = events.map(String.init).joined(separator: ",")
                exchanges.append(Exchange(
                    request: #"{"script":{"module":"\#(moduleFile)","kind":\#(kind.rawValue),"seed":"\#(seed)","options":\#(options),"events":[\#(list)]}}"#,
                    native: EngineScript.run(module: text, kind: kind.rawValue, seed: seed, options: options, events: events)))
            }
            // Agreeing on refusals alone would prove nothing: every script is played, and most activities end.
            let played = exchanges.suffix(25).map(\.native)
            #expect(played.allSatisfy { $0.hasPrefix(#"{"steps":"#) }, "\(kind): \(played.first { !$0.hasPrefix(#"{"steps":"#) } ?? "")")
            if kind != .video, kind != .vocabulary, kind != .pronunciation, kind != .dictionary {
                #expect(played.contains { $0.contains(#""finished":true"#) }, "\(kind): no script finished its activity")
            }
        }
        return exchanges
    }

    /// Each activity played on a page 25 times, from logs of seeded random events (`PageLogs`): every view, effect
    /// and message after each log's last entry.
    static func pages(in folder: TemporaryFolder) throws -> [Exchange] {
        let module = try PageLogs.sampleWithAllActivities(in: folder)
        let text = ModuleJSON.write(module)
        let file = folder.write(text, to: "module-with-dictation.json")
        let exchanges = PageLogs(module: module).logs(count: 25).map { log in
            var request = CoreJSON()
            request.value(log.request)
            return Exchange(request: #"{"present":{"module":"\#(file)","request":\#(request.text)}}"#,
                            native: PageSession.run(module: text, request: log.request))
        }
        let refused = exchanges.filter { !$0.native.hasPrefix(#"{"activity":"#) }
        #expect(refused.isEmpty, "\(refused.count) logs refused: \(refused.first?.native ?? "")")
        for kind in [ActivityKind.videoTask, .audioGame, .dictation, .questions, .test] {
            #expect(exchanges.contains { $0.native.hasPrefix(#"{"activity":"\#(kind.rawValue)""#) && $0.native.contains(#""finished":true"#) },
                    "\(kind): no log finished its activity")
        }
        return exchanges
    }

    /// Modules the engines cannot play (a question without answers, two lines with one id, a weight past what a
    /// 32-bit score holds) are refused by both builds alike, never trapped on or dealt for ever.
    static func unplayableModules(in folder: TemporaryFolder) throws -> [Exchange] {
        let sample = try sample()
        var modules: [Module] = []
        var module = sample
        module.questions[0].answers = []
        modules.append(module)
        module = sample
        module.transcript[1].id = module.transcript[0].id
        modules.append(module)
        module = sample
        module.test.items[0].weight = 2_000_000_000
        modules.append(module)
        return modules.enumerated().flatMap { index, module in
            let text = ModuleJSON.write(module)
            let file = folder.write(text, to: "unplayable-\(index).json")
            return EngineScript.Kind.allCases.map { kind in
                let native = EngineScript.run(module: text, kind: kind.rawValue, seed: 7, options: 2, events: [])
                #expect(native == #"{"error":"malformed-module"}"#, "unplayable module \(index), \(kind): \(native)")
                return Exchange(request: #"{"script":{"module":"\#(file)","kind":\#(kind.rawValue),"seed":"7","options":2,"events":[]}}"#,
                                native: native)
            }
        }
    }

    /// Every scalar up to U+3FFFF, 256 to a request and each after a space (so a mark sits on the space), folded as
    /// the dictionary folds terms: the WebAssembly build's Unicode tables against the native build's.
    static func folds() -> [Exchange] {
        let scalars = (UInt32(0x20)...0x3FFFF).compactMap { Unicode.Scalar($0) }
        return stride(from: 0, to: scalars.count, by: 256).map { start in
            let text = scalars[start..<min(start + 256, scalars.count)].map { " " + String($0) }.joined()
            var request = CoreJSON()
            request.object { json in json.member("fold", text) }
            var native = CoreJSON()
            native.value(TextFolding.key(text))
            return Exchange(request: request.text, native: native.text)
        }
    }

    /// One event of `kind` (its code and arguments), as EngineScript.Kind lists them.
    static func event(_ kind: EngineScript.Kind, _ module: Module, step: Int, _ random: inout SeededRandom) -> [Int] {
        let lines = module.transcript.count
        switch kind {
        case .video:
            return [[0], [1], [2, random.below(200_000)], [3, random.below(lines)], [4, random.below(2)],
                    [5, random.below(module.speakers.count + 2)]][random.below(6)]
        case .videoTask:
            return random.below(8) == 0 ? [1] : [0, random.below(module.videoTask.count), random.below(3)]
        case .vocabulary:
            return random.below(2) == 0 ? [0, random.below(module.definitions.count)] : [1, random.below(lines)]
        case .audioGame:
            // Every other move puts the next tile in its slot, so games of 42 moves or more are solved.
            if step % 2 == 0 { return [0, (step / 2) % lines, (step / 2) % lines] }
            switch random.below(3) {
            case 0: return [1, random.below(lines)]
            case 1: return [2]
            default: return [0, random.below(lines), random.below(lines)]
            }
        case .dictation:
            let line = random.below(lines)
            switch random.below(5) {
            case 0: return [0, line]
            case 1: return [1, line, 50 + random.below(51)]
            case 2: return [3]
            default:
                var words = module.transcript[line].text.split(separator: " ").map(String.init)
                if !words.isEmpty, random.below(2) == 0 { words[random.below(words.count)] = ["teh", "", "Ja", "’s"][random.below(4)] }
                let bytes = Array(words.joined(separator: " ").utf8).map(Int.init)
                return [2, line, bytes.count] + bytes
            }
        case .questions:
            let question = random.below(module.questions.count)
            let letters = module.questions[question].answers.count
            return [[0, question, random.below(letters)], [1, question], [2, question, random.below(letters)]][random.below(3)]
        case .pronunciation:
            func text(_ words: String) -> [Int] { let bytes = Array(words.utf8).map(Int.init); return [bytes.count] + bytes }
            let line = random.below(lines)
            let id = module.transcript[line].id
            switch random.below(10) {
            case 0: return [0, line]
            case 1: return [1, line]
            case 2: return [2, line] + text("/recordings/\(id).wav")
            case 3: return [3, line] + text("no microphone")
            case 4: return [4, line, random.below(2)]
            case 5: return [5, line, random.below(2)] + text("/recordings/\(id)-both.wav")
            case 6: return [6, line] + text("sox failed")
            case 7: return [7, line, 50 + random.below(50)]
            case 8:
                let model = (0..<random.below(30)).map { _ in random.below(4) == 0 ? -1 : 80_000 + random.below(200_000) }
                let learner = (0..<random.below(30)).map { _ in random.below(4) == 0 ? -1 : 80_000 + random.below(200_000) }
                let timing = random.below(2) == 0 ? [0] : [1] + text("a little slow")
                return [8, line] + text("/recordings/\(id).wav") + [random.below(101)] + text("Your voice rises at the end.")
                    + timing + [10, model.count] + model + [learner.count] + learner
            default: return [9, line] + text("/recordings/\(id).wav") + text("too quiet")
            }
        case .dictionary:
            // A term by its index, or typed: as written, in capitals, without its accents or with a curly apostrophe.
            let term = module.definitions[random.below(module.definitions.count)].term
            guard random.below(2) == 0 else { return [0, random.below(module.definitions.count)] }
            let typed = [term, term.uppercased(), term.replacingOccurrences(of: "'", with: "’"), "Café", "cafe\u{301}", "nothing"][random.below(6)]
            let bytes = Array(typed.utf8).map(Int.init)
            return [0, -1, bytes.count] + bytes
        case .test:
            if random.below(20) == 0 { return [1] }
            let index = random.below(module.test.items.count)
            if case .multipleChoice(let choices, _) = module.test.items[index].kind, random.below(4) > 0 {
                return [0, index, 3 + random.below(choices.count)]
            }
            return [0, index, random.below(3)]
        }
    }

    // MARK: The requests: seeds across the whole 64-bit range, and sequences of attempts of every dealing activity.

    static let sessions: [UInt64] = [0, 1, 42, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF, 0x1_0000_0000,
                                     0x8000_0000_0000_0000, .max, 0xDEAD_BEEF_CAFE_F00D]

    static func seedExchanges() -> [Exchange] {
        sessions.flatMap { session in
            ["test", "questions", "audioGame", "dictation", "", "テスト"].flatMap { activity in
                [0, 1, 2, 7, Int(Int32.max)].map { attempt in
                    Exchange(request: #"{"seed":{"session":"\#(session)","activity":"\#(activity)","attempt":\#(attempt)}}"#,
                             native: String(AttemptSeed.derive(session: session, activity: activity, attempt: attempt)))
                }
            }
        }
    }

    static func deal(_ kind: DealCall.Kind, _ seed: UInt64, _ values: [Int]) -> Exchange {
        let list = values.map(String.init).joined(separator: ",")
        return Exchange(request: #"{"deal":{"kind":\#(kind.rawValue),"seed":"\#(seed)","values":[\#(list)]}}"#,
                        native: DealCall.run(kind: kind.rawValue, seed: seed, arguments: values))
    }

    /// Four attempts in a row, each seeded as the player seeds it and dealt against the last.
    static func attempts(_ body: (UInt64) -> Void) {
        for session in sessions {
            for attempt in 0..<4 { body(AttemptSeed.derive(session: session, activity: "conformance", attempt: attempt)) }
        }
    }

    static func testDeals() -> [Exchange] {
        var exchanges: [Exchange] = []
        for (bank, draw) in [(0, 20), (1, 1), (2, 2), (5, 3), (30, 20), (30, 40), (12, 0)] {
            var shapes = SeededRandom(seed: UInt64(bank * 100 + draw))
            let optionCounts = (0..<bank).map { _ in shapes.below(5) }
            var last: [Int] = []
            attempts { seed in
                exchanges.append(deal(.test, seed, [bank, draw, last.count] + last + optionCounts))
                var random = SeededRandom(seed: seed)
                last = Deals.testDraw(from: Array(0..<bank), count: draw, lastDrawn: last, random: &random)
            }
        }
        return exchanges
    }

    static func questionDeals() -> [Exchange] {
        var exchanges: [Exchange] = []
        for answerCounts in [[], [1], [3], [2, 3, 4], [3, 3, 3, 3, 3, 3, 3, 3], [4, 1, 2]] {
            var last: [[Int]?] = answerCounts.map { _ in nil }
            attempts { seed in
                exchanges.append(deal(.questions, seed, [answerCounts.count] + zip(answerCounts, last).flatMap { count, order in
                    [count] + (order.map { [$0.count] + $0 } ?? [-1])
                }))
                var random = SeededRandom(seed: seed)
                last = zip(answerCounts, last).map { Deals.answerOrder(count: $0, last: $1, random: &random) }
            }
        }
        return exchanges
    }

    static func audioGames() -> [Exchange] {
        var exchanges: [Exchange] = []
        for (tiles, preplaced) in [(0, 0), (1, 0), (2, 0), (2, 1), (3, 0), (12, 0), (12, 3), (12, 6), (40, 20)] {
            var last: Deals.Game<Int>?
            attempts { seed in
                let previous = last.map { [1] + $0.slots.map { $0 ?? -1 } + [$0.tray.count] + $0.tray } ?? [0]
                exchanges.append(deal(.audioGame, seed, [tiles, preplaced] + previous))
                var random = SeededRandom(seed: seed)
                last = Deals.audioGame(tiles: Array(0..<tiles), preplaced: preplaced, previous: last, random: &random)
            }
        }
        return exchanges
    }

    /// Requests no page should send: each is refused in the same words by both builds, never trapped on.
    static func malformed() -> [Exchange] {
        [deal(.test, 1, []), deal(.test, 1, [3, 2, 1, 3, 0, 0, 0]), deal(.test, 1, [3, 2, 0, 0, 0]),
         deal(.test, 1, [-3, 2, 0]), deal(.test, 1, [3, 2, 0, 0, 0, 0, 9]), deal(.questions, 1, [2, 3, -1]),
         deal(.questions, 1, [1, 3, 2, 0, 1]), deal(.audioGame, 1, [3, 1, 1, 0, 1, 5, 0]),
         deal(.audioGame, 1, [3, 1, 2]), deal(.audioGame, 1, [Int(Int32.max), 0, 0])]
        + [Exchange(request: #"{"deal":{"kind":9,"seed":"1","values":[]}}"#,
                    native: DealCall.run(kind: 9, seed: 1, arguments: []))]
    }
}
