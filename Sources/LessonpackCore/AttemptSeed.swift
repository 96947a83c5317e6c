/// The seed of one attempt's deal, from the session's seed, the activity and the attempt's number and nothing else:
/// the test's second attempt is drawn the same way whatever the learner did before it, so a file of answers keeps
/// working when the commands before a deal change.
package enum AttemptSeed {
    package static func derive(session: UInt64, activity: String, attempt: Int) -> UInt64 {
        // FNV-1a over the activity's name, then SplitMix64's finaliser over the three together.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in activity.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        var z = session ^ (hash &* 0x9E37_79B9_7F4A_7C15) ^ (UInt64(truncatingIfNeeded: attempt) &* 0xD1B5_4A32_D192_ED03)
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
