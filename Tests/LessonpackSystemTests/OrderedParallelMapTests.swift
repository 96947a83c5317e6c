import Foundation
import LessonpackSystem
import Synchronization
import Testing

@Suite struct OrderedParallelMapTests {
    struct Stop: Error {}

    @Test(arguments: [1, 2, 4, 16])
    func resultsComeBackInOrderWhateverTheJobsTake(width: Int) {
        var seen: [Int] = []
        // Early jobs are the slowest, so later ones finish first and must wait their turn.
        OrderedParallelMap.run(Array(0..<300), width: width, transform: { item in
            if item % 50 == 0 { usleep(20_000) }
            return item * 2
        }, consume: { seen.append($0) })
        #expect(seen == (0..<300).map { $0 * 2 })
    }

    @Test func jobsRunAtTheSameTime() {
        let running = Atomic(0)
        let mostAtOnce = Atomic(0)
        let deadline = ContinuousClock.now + .seconds(5)
        OrderedParallelMap.run(Array(0..<40), width: 4, transform: { _ in
            let now = running.add(1, ordering: .relaxed).newValue
            mostAtOnce.max(now, ordering: .relaxed)
            // Until a second job has overlapped one: on a loaded machine the other threads may start late, and
            // short jobs alone could all be done by the first before they do.
            while mostAtOnce.load(ordering: .relaxed) < 2 && ContinuousClock.now < deadline { usleep(1_000) }
            usleep(5_000)
            running.subtract(1, ordering: .relaxed)
        }, consume: { _ in })
        #expect(mostAtOnce.load(ordering: .relaxed) > 1)
    }

    @Test func anErrorFromConsumeStopsTheRestAndIsThrown() {
        let started = Atomic(0)
        var consumed = 0
        #expect(throws: Stop.self) {
            try OrderedParallelMap.run(Array(0..<10_000), width: 2, transform: { item in
                started.add(1, ordering: .relaxed)
                return item
            }, consume: { (item: Int) throws(Stop) in
                consumed += 1
                if item == 5 { throw Stop() }
            })
        }
        #expect(consumed == 6)
        // Workers may run a window ahead of the caller, never through the whole list.
        #expect(started.load(ordering: .relaxed) < 1_000)
    }

    @Test func noItemsIsNothingToDo() {
        var calls = 0
        OrderedParallelMap.run([Int](), transform: { $0 }, consume: { _ in calls += 1 })
        #expect(calls == 0)
    }
}
