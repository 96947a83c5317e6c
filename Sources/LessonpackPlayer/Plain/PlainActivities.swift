/// The plain-mode handler for each activity's controller.
enum PlainActivities {
    static func make(_ controller: ActivityController) -> PlainActivity {
        switch controller {
        case let video as VideoController: PlainVideo(video)
        case let task as VideoTaskController: PlainVideoTask(task)
        case let vocabulary as VocabularyController: PlainVocabulary(vocabulary)
        case let game as AudioGameController: PlainAudioGame(game)
        case let pronunciation as PronunciationController: PlainPronunciation(pronunciation)
        case let questions as QuestionsController: PlainQuestions(questions)
        case let dictionary as DictionaryController: PlainDictionary(dictionary)
        case let test as TestController: PlainTest(test)
        default: fatalError("no plain screen for \(type(of: controller))")
        }
    }
}
