import CSamplerate
import CSndfile
import Foundation
import LessonpackSystem

/// Decodes an audio file in-process with libsndfile (WAV, FLAC, MP3, Ogg Vorbis and Ogg Opus, among others), mixes it
/// to mono and resamples it with libsamplerate's band-limited sinc converter to the rate the analysis works at.
/// The file is read in blocks, so a long one costs the analysis rate's memory, not the file's. What libsndfile does
/// not read (AAC and M4A, which modules may use; WebM, which browsers record) goes through ffmpeg instead.
package enum AudioReader {
    /// The pitch analysis' rate: 16 kHz keeps every F0 up to 600 Hz and the first formants, at a quarter of 44.1 kHz's cost.
    package static let analysisRate = 16_000
    /// Longer files are refused rather than decoded: a line is seconds long, and an author's check of a recording minutes.
    package static let maximumSeconds = 600.0

    package static func read(_ path: String, sampleRate: Int = analysisRate,
                            maximumSeconds: Double = maximumSeconds) throws(AudioError) -> AudioSignal {
        switch ReadableFile.open(path) {
        case .success(let file): try read(file, named: path, sampleRate: sampleRate, maximumSeconds: maximumSeconds)
        case .failure(let failure): throw AudioError(.cannotOpen, path: path, failure.description)
        }
    }

    /// The most standard input may hold: ten minutes (`maximumSeconds`) of 48 kHz stereo 32-bit audio, with room over.
    package static let maximumStandardInputBytes = 256 << 20

    /// Standard input (the file name `-`), named `<stdin>` in errors: kept in an unnamed file while it is decoded,
    /// since libsndfile seeks and ffmpeg opens a path.
    package static func readStandardInput(sampleRate: Int = analysisRate,
                                          maximumSeconds: Double = maximumSeconds) throws(AudioError) -> AudioSignal {
        switch ReadableFile.standardInput(limit: maximumStandardInputBytes) {
        case .success(let file): try read(file, named: "<stdin>", sampleRate: sampleRate, maximumSeconds: maximumSeconds)
        case .failure(let failure): throw AudioError(.cannotOpen, path: "<stdin>", failure.description)
        }
    }

    /// A file already opened (by a reader that refuses links inside a module's media folder); `path` names it in errors.
    package static func read(_ file: ReadableFile, named path: String, sampleRate: Int = analysisRate,
                            maximumSeconds: Double = maximumSeconds) throws(AudioError) -> AudioSignal {
        let result: Result<AudioSignal?, AudioError> = file.withDescriptor { descriptor in
            Result { () throws(AudioError) in try decode(descriptor: descriptor, path: path, to: sampleRate,
                                                         maximumSeconds: maximumSeconds) }
        }
        if let signal = try result.get() { return signal }
        return try decodeWithFFmpeg(file.path, named: path, rate: sampleRate, maximumSeconds: maximumSeconds)
    }

    /// Nil when libsndfile does not know the format.
    private static func decode(descriptor: Int32, path: String, to sampleRate: Int,
                               maximumSeconds: Double) throws(AudioError) -> AudioSignal? {
        var info = SF_INFO()
        // libsndfile is given a copy of the descriptor to own: when it cannot read a file (an MP4), sf_open_fd
        // closes the descriptor it was given even when told not to (libsndfile 1.2.0), and closing ours a second
        // time would close whatever another thread had opened under the same number meanwhile (a tool's pipe).
        let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else {
            throw AudioError(.unreadable, path: path, "cannot read it: \(String(cString: strerror(errno)))")
        }
        guard let sound = sf_open_fd(copy, Int32(SFM_READ), &info, 1) else { return nil }
        defer { sf_close(sound) }
        // At least 1 kHz: the resampler takes ratios up to 256, and buffers are sized by the ratio.
        guard info.channels > 0, info.channels <= 64, info.samplerate >= 1000, info.samplerate <= 768_000 else {
            throw AudioError(.unreadable, path: path, "the file declares \(info.channels) channels at \(info.samplerate) Hz")
        }
        if Double(info.frames) / Double(info.samplerate) > maximumSeconds {
            throw AudioError(.tooLong, path: path, "it lasts more than \(Int(maximumSeconds)) seconds")
        }
        return try decode(sound, info: info, to: sampleRate, path: path, maximumSeconds: maximumSeconds)
    }

    /// ffmpeg writes mono 32-bit float samples at the analysis rate straight into a pipe, at most `maximumSeconds`.
    private static func decodeWithFFmpeg(_ file: String, named path: String, rate: Int,
                                         maximumSeconds: Double) throws(AudioError) -> AudioSignal {
        guard let ffmpeg = ExternalTool.find("ffmpeg") else {
            throw AudioError(.unreadable, path: path, "not audio libsndfile can read, and ffmpeg, which might, is not " +
                             "installed: convert it to WAV, FLAC or Ogg Opus")
        }
        let limit = Int(maximumSeconds * Double(rate)) * MemoryLayout<Float>.size
        let output: ExternalTool.Output
        do {
            output = try ffmpeg.run(["-nostdin", "-v", "error", "-i", file, "-vn", "-ac", "1", "-ar", String(rate),
                                     "-f", "f32le", "-"], timeout: 120, outputLimit: limit)
        } catch {
            throw AudioError(.unreadable, path: path, "cannot run ffmpeg: \(SystemErrorText.describe(error))")
        }
        if output.truncated { throw AudioError(.tooLong, path: path, "it lasts more than \(Int(maximumSeconds)) seconds") }
        guard output.succeeded else {
            let said = output.errorText.split(separator: "\n").last.map(String.init) ?? "exit status \(output.status)"
            throw AudioError(.unreadable, path: path, "not audio libsndfile or ffmpeg can read (ffmpeg: \(said))")
        }
        let samples = output.standardOutput.withUnsafeBytes { bytes in
            (0..<bytes.count / 4).map { Float(bitPattern: UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self))) }
        }
        return AudioSignal(samples: samples, sampleRate: rate)
    }

    private static func decode(_ sound: OpaquePointer, info: SF_INFO, to rate: Int, path: String,
                               maximumSeconds: Double) throws(AudioError) -> AudioSignal {
        let channels = Int(info.channels)
        let ratio = Double(rate) / Double(info.samplerate)
        var error: Int32 = 0
        let converter = ratio == 1 ? nil : src_new(Int32(SRC_SINC_MEDIUM_QUALITY), 1, &error)
        if ratio != 1, converter == nil {
            throw AudioError(.unreadable, path: path, "cannot resample: \(String(cString: src_strerror(error)))")
        }
        defer { if let converter { src_delete(converter) } }

        let block = 4096
        var interleaved = [Float](repeating: 0, count: block * channels)
        var mono = [Float](repeating: 0, count: block)
        var converted = [Float](repeating: 0, count: Int(Double(block) * ratio) + 64)
        var output: [Float] = []
        output.reserveCapacity(Int(Double(info.frames) * ratio) + 64)
        let limit = Int(maximumSeconds * Double(rate))

        while true {
            let read = Int(interleaved.withUnsafeMutableBufferPointer { sf_readf_float(sound, $0.baseAddress, sf_count_t(block)) })
            let last = read < block
            for frame in 0..<read {
                var sum: Float = 0
                for channel in 0..<channels { sum += interleaved[frame * channels + channel] }
                mono[frame] = sum / Float(channels)
            }
            if let converter {
                // Until the block is taken, and at the end until the converter has nothing more to give.
                var consumed = 0
                while true {
                    let (used, made) = try convert(converter, mono, from: consumed, count: read - consumed, into: &converted,
                                                   ratio: ratio, last: last, path: path)
                    output.append(contentsOf: converted[0..<made])
                    consumed += used
                    if used == 0 && made == 0 { break }
                    if consumed >= read && (!last || made == 0) { break }
                }
            } else {
                output.append(contentsOf: mono[0..<read])
            }
            if output.count > limit { throw AudioError(.tooLong, path: path, "it lasts more than \(Int(maximumSeconds)) seconds") }
            if last { break }
        }
        return AudioSignal(samples: output, sampleRate: rate)
    }

    /// One call of libsamplerate's converter: how many input frames it took and how many it made.
    private static func convert(_ converter: OpaquePointer, _ input: [Float], from start: Int, count: Int,
                                into output: inout [Float], ratio: Double, last: Bool,
                                path: String) throws(AudioError) -> (used: Int, made: Int) {
        let capacity = output.count
        let result: (Int32, Int, Int) = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                var data = SRC_DATA()
                data.data_in = source.baseAddress.map { $0 + start }
                data.input_frames = count
                data.data_out = target.baseAddress
                data.output_frames = capacity
                data.src_ratio = ratio
                data.end_of_input = last ? 1 : 0
                let status = src_process(converter, &data)
                return (status, Int(data.input_frames_used), Int(data.output_frames_gen))
            }
        }
        guard result.0 == 0 else {
            throw AudioError(.unreadable, path: path, "cannot resample: \(String(cString: src_strerror(result.0)))")
        }
        return (result.1, result.2)
    }
}
