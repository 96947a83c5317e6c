import LessonpackModel

extension VideoEngine {
    package static let descriptor = ActivityDescriptor(
        VideoEngine.self, title: "Video",
        counts: { module in
            let duration = module.media.first { $0.path == module.video }?.duration
            return [duration.map { "\(TimeText.format($0)) long" }, ActivityDescriptor.plural(module.transcript.count, "subtitle")]
                .compactMap { $0 }
        },
        answers: .none,
        legacy: .read(
            details: { values in
                .video(watchedSeconds: values["watched"].flatMap(Double.init) ?? 0,
                       durationSeconds: values["duration"].flatMap(Double.init) ?? 0, subtitlesOn: values["subtitles"] != "off")
            },
            attempt: { legacy, _ in
                LegacyConversion(VideoEngine.self, setup: NoSetup(), steps: legacy.steps) { step in
                    step.kind == "subtitles" ? [.setSubtitles(on: step.value != "off")] : []
                }
            }))
}
