/// Sound as 16-bit samples: one array per channel, all the same length.
package struct PCMAudio: Sendable, Equatable {
    package var sampleRate: Int
    package var channels: [[Int16]]

    package init(sampleRate: Int, channels: [[Int16]]) {
        precondition(!channels.isEmpty && channels.allSatisfy { $0.count == channels[0].count },
                     "every channel holds the same number of samples")
        self.sampleRate = sampleRate
        self.channels = channels
    }

    package var frameCount: Int { channels[0].count }
    package var duration: Double { Double(frameCount) / Double(sampleRate) }

    package static func silence(seconds: Double, sampleRate: Int) -> PCMAudio {
        PCMAudio(sampleRate: sampleRate, channels: [Array(repeating: 0, count: Int(seconds * Double(sampleRate)))])
    }

    /// One channel: the average of all of them.
    package func mono() -> PCMAudio {
        guard channels.count > 1 else { return self }
        let mixed = (0..<frameCount).map { frame in
            Int16(clamping: channels.reduce(0) { $0 + Int($1[frame]) } / channels.count)
        }
        return PCMAudio(sampleRate: sampleRate, channels: [mixed])
    }

    /// The same sound at another sample rate, by linear interpolation: plenty for comparing voices.
    package func resampled(to rate: Int) -> PCMAudio {
        guard rate != sampleRate, frameCount > 0 else { return PCMAudio(sampleRate: rate, channels: channels) }
        let count = max(1, Int((Double(frameCount) * Double(rate) / Double(sampleRate)).rounded()))
        let step = Double(sampleRate) / Double(rate)
        let converted = channels.map { samples in
            (0..<count).map { index -> Int16 in
                let position = Double(index) * step
                let left = min(Int(position), samples.count - 1)
                let right = min(left + 1, samples.count - 1)
                let fraction = position - Double(left)
                return Int16(clamping: Int((Double(samples[left]) * (1 - fraction) + Double(samples[right]) * fraction).rounded()))
            }
        }
        return PCMAudio(sampleRate: rate, channels: converted)
    }

    /// Mono audio lengthened with silence to `frames` samples.
    func padded(to frames: Int) -> [Int16] {
        channels[0] + Array(repeating: 0, count: max(0, frames - frameCount))
    }
}
