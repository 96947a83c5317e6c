import Foundation
import LessonpackModel
import LessonpackTestSupport
@testable import LessonpackActivities

let sample = try! ModuleLoader.load(folder: Paths.sampleModule).module
let start = Date(timeIntervalSince1970: 1_800_000_000)

func later(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }
