/// The starter's placeholder texts, by the id of the entry that holds them (a text counts as a placeholder only
/// where the starter put it, so a real line that happens to say "Goodbye." is not one). Written from
/// Templates/starter; `PlaceholderTextTests` fails when the two differ.
package enum StarterText {
    package static let summary = "Describe the lesson in two or three sentences: who is talking, where, and what learners will practise."
    package static let speakers: [String: String] = ["speaker-a": "Speaker A", "speaker-b": "Speaker B"]
    package static let objectives: [String: [String]] = [
        "objective-1": [
            "What learners will be able to do, e.g. \"Greet someone and introduce yourself.\"",
            "In what situation, e.g. \"When meeting a colleague for the first time.\"",
            "With what language, e.g. \"Hello; Nice to meet you; My name is …\"",
            "How well, e.g. \"Uses a greeting and gives their name so that the other person understands.\"",
        ],
    ]
    package static let lines: [String: String] = [
        "line-01": "Hello, nice to meet you.",
        "line-02": "Nice to meet you too.",
    ]
    package static let boxes: [String: String] = [
        "Greeting someone for the first time": "Say \"Nice to meet you\" when you meet someone for the first time, and answer it with \"Nice to meet you too.\"",
    ]
    package static let statements: [String: String] = [
        "statement-01": "Statement 1: write a sentence about the video that is true or false.",
        "statement-02": "Statement 2: write a sentence about the video that is true or false.",
        "statement-03": "Statement 3: write a sentence about the video that is true or false.",
        "statement-04": "Statement 4: write a sentence about the video that is true or false.",
        "statement-05": "Statement 5: write a sentence about the video that is true or false.",
        "statement-06": "Statement 6: write a sentence about the video that is true or false.",
        "statement-07": "Statement 7: write a sentence about the video that is true or false.",
        "statement-08": "Statement 8: write a sentence about the video that is true or false.",
        "statement-09": "Statement 9: write a sentence about the video that is true or false.",
        "statement-10": "Statement 10: write a sentence about the video that is true or false.",
    ]
    package static let questions: [String: [String]] = [
        "question-1": ["What does Speaker B say?", "Nice to meet you too.", "Goodbye.", "You're welcome.", "Speaker B answers \"Nice to meet you\" with \"Nice to meet you too.\""],
    ]
    package static let testItems: [String: [String]] = [
        "item-01": ["\"Nice to meet you\" is said the first time you meet someone.", "Use it when you meet someone for the first time."],
        "item-02": ["Someone says \"Nice to meet you.\" What is the best reply?", "Nice to meet you too.", "You're welcome.", "Goodbye.", "Answer \"Nice to meet you\" with \"Nice to meet you too.\""],
    ]
}
