"""bench/pitch's measurements (run by it, with the lessonpack binary, the work folder holding clean/*.wav, and the
number of runs): makes the noisy copies, runs `lessonpack pitch` and Praat (parselmouth) on every file, compares
their contours frame by frame, times both, and prints the Markdown section."""
import math
import os
import statistics
import subprocess
import sys
import time
import wave
from pathlib import Path

import numpy as np
import parselmouth

lessonpack, work, runs = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
FLOOR, CEILING, STEP = 75.0, 600.0, 0.01  # the contract's analysis range and frame step, given to Praat too
SNR_DB = 20.0
NEAREST = 0.005 + 1e-9  # a lessonpack frame is compared with Praat's nearest frame if it is this close
OCTAVE_ERROR_CENTS = 600  # half an octave or more off: the wrong period, not a slightly wrong one
GOALS = {"agreement": 0.90, "median": 50.0, "p90": 100.0, "time ratio": 1.0}


def fail(message):
    print(f"bench/pitch: {message}", file=sys.stderr)
    sys.exit(1)


def read_wav(path):
    with wave.open(str(path), "rb") as file:
        if file.getnchannels() != 1 or file.getsampwidth() != 2:
            fail(f"{path.name}: expected 16-bit mono")
        return np.frombuffer(file.readframes(file.getnframes()), dtype="<i2").astype(np.float64), file.getframerate()


def write_wav(path, samples, rate):
    with wave.open(str(path), "wb") as file:
        file.setnchannels(1)
        file.setsampwidth(2)
        file.setframerate(rate)
        file.writeframes(samples.astype("<i2").tobytes())


# The noisy copies: white Gaussian noise whose RMS is SNR_DB below the clean file's RMS (the whole file, pauses
# included), seeded by the file's position so every run mixes the same samples.
files = []  # (path, condition, voice, espeak pitch, seconds)
clean_paths = sorted((work / "clean").glob("*.wav"))
if not clean_paths:
    fail(f"no generated speech in {work / 'clean'}")
for position, path in enumerate(clean_paths):
    samples, rate = read_wav(path)
    noise = np.random.default_rng(20_000 + position).standard_normal(len(samples))
    speech_rms = math.sqrt(np.mean(samples ** 2))
    noise *= speech_rms / 10 ** (SNR_DB / 20) / math.sqrt(np.mean(noise ** 2))
    mixed = samples + noise
    peak = np.max(np.abs(mixed))
    if peak > 32767:  # scaling both down together keeps the SNR
        mixed *= 32767 / peak
    noisy = work / "noisy" / path.name
    write_wav(noisy, np.round(mixed), rate)
    _, voice, pitch, _ = path.stem.split("_")
    seconds = len(samples) / rate
    files.append((path, "clean", voice, pitch[1:], seconds))
    files.append((noisy, "noisy", voice, pitch[1:], seconds))
paths = [entry[0] for entry in files]


def run_lessonpack(path):
    start = time.perf_counter()
    result = subprocess.run([lessonpack, "pitch", str(path), "--format", "csv"],
                            stdin=subprocess.DEVNULL, capture_output=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        fail(f"`lessonpack pitch {path} --format csv` exited with status {result.returncode}: "
             f"{result.stderr.decode(errors='replace').strip() or '(nothing on standard error)'}")
    return result.stdout, elapsed


def parse_csv(output, path):
    """The contract: a header `time,f0`, then one row per frame: its centre in seconds, F0 in Hz or empty."""
    lines = output.decode(errors="replace").splitlines()
    if not lines or lines[0].strip() != "time,f0":
        fail(f"`lessonpack pitch {path.name} --format csv` did not start with the header `time,f0`: "
             f"{lines[0] if lines else '(no output)'!r}")
    times, f0 = [], []
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        fields = line.strip().split(",")
        try:
            if len(fields) != 2:
                raise ValueError
            times.append(float(fields[0]))
            f0.append(float(fields[1]) if fields[1] else 0.0)
            if fields[1] and not (math.isfinite(f0[-1]) and f0[-1] > 0):
                raise ValueError
        except ValueError:
            fail(f"`lessonpack pitch {path.name} --format csv`, line {number}: expected `TIME,F0` with F0 in Hz "
                 f"or empty, got {line!r}")
    if not times:
        fail(f"`lessonpack pitch {path.name} --format csv` printed no frames")
    return np.array(times), np.array(f0)


def run_praat(path):
    """Praat's "To Pitch (ac)..." with the contract's step and range, Praat's defaults otherwise; the times and the
    F0 of the best path (0 where unvoiced) read out as arrays, as lessonpack prints them."""
    pitch = parselmouth.Sound(str(path)).to_pitch_ac(time_step=STEP, pitch_floor=FLOOR, pitch_ceiling=CEILING)
    return pitch.xs(), pitch.selected_array["frequency"]


def align(ours_times, ours_f0, praat_times, praat_f0):
    """Each lessonpack frame with Praat's nearest frame, where that is within 5 ms: (ours, Praat's, frames left out)."""
    after = np.clip(np.searchsorted(praat_times, ours_times), 1, len(praat_times) - 1)
    before = after - 1
    nearest = np.where(np.abs(praat_times[before] - ours_times) <= np.abs(praat_times[after] - ours_times),
                       before, after)
    close = np.abs(praat_times[nearest] - ours_times) <= NEAREST
    return ours_f0[close], praat_f0[nearest[close]], int(np.count_nonzero(~close))


# The comparison, on the outputs of a first pass over every file (which also warms the page cache for both tools).
compared = []  # (entry, ours, Praat's)
left_out = 0
frame_steps = []
for entry in files:
    output, _ = run_lessonpack(entry[0])
    ours_times, ours_f0 = parse_csv(output, entry[0])
    praat_times, praat_f0 = run_praat(entry[0])
    if len(praat_times) < 2:
        fail(f"Praat found fewer than 2 frames in {entry[0].name}")
    ours, praat, missing = align(ours_times, ours_f0, praat_times, praat_f0)
    compared.append((entry, ours, praat))
    left_out += missing
    if len(ours_times) > 1:
        frame_steps.append(float(np.median(np.diff(ours_times))))


def summary(rows):
    ours = np.concatenate([row[1] for row in rows])
    praat = np.concatenate([row[2] for row in rows])
    both = (ours > 0) & (praat > 0)
    cents = 1200 * np.abs(np.log2(ours[both] / praat[both]))
    return {
        "files": len(rows),
        "frames": len(ours),
        "both voiced": int(np.count_nonzero(both)),
        "agreement": float(np.mean((ours > 0) == (praat > 0))) if len(ours) else math.nan,
        "median": float(np.median(cents)) if len(cents) else math.nan,
        "p90": float(np.percentile(cents, 90)) if len(cents) else math.nan,
        "octave errors": float(np.mean(cents > OCTAVE_ERROR_CENTS)) if len(cents) else math.nan,
        "ours only": float(np.mean((ours > 0) & (praat == 0))) if len(ours) else math.nan,
        "praat only": float(np.mean((ours == 0) & (praat > 0))) if len(ours) else math.nan,
    }


overall = summary(compared)

# Timing: RUNS alternating runs over every file. lessonpack: one process given every file, as Praat's one Python
# process analyses every file, timed from spawn to exit (its start-up, reading, analysis, the CSV into a pipe); and,
# for information, one process per file, as a user checking one recording runs it. Praat: every file in this one
# process, each from reading the file to the contour as arrays; the Python and parselmouth start-up is not counted.
lessonpack_totals, per_file_totals, praat_totals = [], [], []
batch = [lessonpack, "pitch", *[str(path) for path in paths], "--format", "csv"]
for _ in range(runs):
    start = time.perf_counter()
    if subprocess.run(batch, stdin=subprocess.DEVNULL, capture_output=True).returncode != 0:
        fail("`lessonpack pitch` of every file at once failed")
    lessonpack_totals.append(time.perf_counter() - start)
    per_file_totals.append(sum(run_lessonpack(path)[1] for path in paths))
    start = time.perf_counter()
    for path in paths:
        run_praat(path)
    praat_totals.append(time.perf_counter() - start)
lessonpack_seconds = statistics.median(lessonpack_totals)
per_file_seconds = statistics.median(per_file_totals)
praat_seconds = statistics.median(praat_totals)


def process_seconds(command, count):
    timings = []
    for _ in range(count):
        start = time.perf_counter()
        if subprocess.run(command, stdin=subprocess.DEVNULL, capture_output=True).returncode != 0:
            fail(f"`{' '.join(command)}` failed")
        timings.append(time.perf_counter() - start)
    return statistics.median(timings)


startup = process_seconds([lessonpack, "--version"], max(10, 4 * runs))
python_startup = process_seconds([sys.executable, "-c", "import parselmouth"], max(3, runs))
analysis_seconds = lessonpack_seconds - startup


def percent(value):
    return "—" if math.isnan(value) else f"{100 * value:.1f}%"


def cents(value):
    return "—" if math.isnan(value) else f"{value:.1f}"


def met(ok):
    return "yes" if ok else "**no**"


def ratio(ours, peer):
    return ours / peer if peer > 0 else math.nan


voices = list(dict.fromkeys(entry[2] for entry in files))
pitches = list(dict.fromkeys(entry[3] for entry in files))
durations = [entry[4] for entry in files if entry[1] == "clean"]
count = len(paths)
time_ratio = ratio(lessonpack_seconds, praat_seconds)

print("## pitch: `lessonpack pitch` against Praat (parselmouth)")
print()
print(f"{len(durations)} espeak-ng recordings ({len(voices)} voices: {', '.join(voices)}; espeak pitches "
      f"{', '.join(pitches)}; 6 job-interview sentences at 150 and 175 words a minute; "
      f"{min(durations):.1f}–{max(durations):.1f} s, {sum(durations):.0f} s in all), each clean and with white noise at "
      f"{SNR_DB:.0f} dB SNR (against the RMS of the whole file, pauses included): {count} files, 16 kHz mono WAV. Praat {parselmouth.PRAAT_VERSION} through "
      f"praat-parselmouth {parselmouth.__version__}: `Sound.to_pitch_ac(time_step=0.01, pitch_floor=75, "
      f"pitch_ceiling=600)` (\"To Pitch (ac)...\", Praat's defaults otherwise). {os.cpu_count()} cores; times are the "
      f"median of {runs} run{'s' if runs != 1 else ''}.")
print()
print(f"Each lessonpack frame is compared with Praat's nearest frame within 5 ms: {overall['frames']} frames, "
      f"{overall['both voiced']} of them voiced for both"
      + (f" ({left_out} lessonpack frames near the ends of the files, where Praat has no frame, left out)" if left_out else "")
      + ". Praat is the reference, not the truth: where they disagree, either may be wrong.")
print()
print("| | lessonpack | goal | Praat | ratio to Praat | goal met |")
print("|---|---:|---:|---:|---:|---|")
print(f"| voicing agreement (frames both call voiced, or both unvoiced) | {percent(overall['agreement'])} | "
      f"≥ {100 * GOALS['agreement']:.0f}% | (reference) | | {met(overall['agreement'] >= GOALS['agreement'])} |")
print(f"| median F0 difference on frames both call voiced (cents) | {cents(overall['median'])} | "
      f"≤ {GOALS['median']:.0f} | (reference) | | {met(overall['median'] <= GOALS['median'])} |")
print(f"| 90th percentile F0 difference (cents) | {cents(overall['p90'])} | ≤ {GOALS['p90']:.0f} | (reference) | | "
      f"{met(overall['p90'] <= GOALS['p90'])} |")
print(f"| time (s), {count} files: one `lessonpack pitch FILE… --format csv` process, start-up included; Praat "
      f"in one Python process, start-up excluded | {lessonpack_seconds:.4f} | ≤ 1× Praat | {praat_seconds:.4f} | "
      f"{time_ratio:.2f} | {met(time_ratio <= GOALS['time ratio'])} |")
print(f"| time (s) less lessonpack's start-up ({startup:.4f} s, `lessonpack --version`) | "
      f"{analysis_seconds:.4f} | | {praat_seconds:.4f} | {ratio(analysis_seconds, praat_seconds):.2f} | (information) |")
print(f"| time (s), one `lessonpack pitch FILE --format csv` process per file | {per_file_seconds:.4f} | | "
      f"{praat_seconds:.4f} | {ratio(per_file_seconds, praat_seconds):.2f} | (information) |")
print()
print(f"lessonpack's time is one process's wall time from spawn to exit, reading every file, analysing it and printing "
      f"the CSV into a pipe: {lessonpack_seconds / count * 1000:.1f} ms a file. Run once per file, each process also pays "
      f"the start-up: {per_file_seconds / count * 1000:.1f} ms a file. Praat's is, for each file, "
      f"reading it, analysing it and reading the contour out as arrays, all in the Python process that measures it: "
      f"{praat_seconds / count * 1000:.1f} ms a file; starting Python and importing parselmouth, not counted, takes "
      f"{python_startup:.3f} s on this machine.")
print()
print("| | files | frames | voicing agreement | median (cents) | 90th percentile (cents) | octave errors (> 600 cents) "
      "| voiced for lessonpack only | voiced for Praat only |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")


def breakdown_row(name, rows):
    figures = summary(rows)
    print(f"| {name} | {figures['files']} | {figures['frames']} | {percent(figures['agreement'])} | "
          f"{cents(figures['median'])} | {cents(figures['p90'])} | {percent(figures['octave errors'])} | "
          f"{percent(figures['ours only'])} | {percent(figures['praat only'])} |")


breakdown_row("clean", [row for row in compared if row[0][1] == "clean"])
breakdown_row(f"noisy ({SNR_DB:.0f} dB SNR)", [row for row in compared if row[0][1] == "noisy"])
breakdown_row("**all**", compared)
for voice in voices:
    breakdown_row(f"voice {voice}", [row for row in compared if row[0][2] == voice])
for pitch in pitches:
    breakdown_row(f"espeak pitch {pitch}", [row for row in compared if row[0][3] == pitch])
print()
per_file = [(summary([row]), row[0]) for row in compared]
worst_agreement = min(per_file, key=lambda item: item[0]["agreement"])
worst_median = max(per_file, key=lambda item: -1 if math.isnan(item[0]["median"]) else item[0]["median"])
print(f"Octave errors are a share of the frames both call voiced; the two voicing columns, of all frames compared. "
      f"Lowest voicing agreement of one file: {percent(worst_agreement[0]['agreement'])} "
      f"({worst_agreement[1][1]} {worst_agreement[1][0].stem}); highest median difference: "
      f"{cents(worst_median[0]['median'])} cents ({worst_median[1][1]} {worst_median[1][0].stem}).")
if frame_steps and abs(statistics.median(frame_steps) - STEP) > 0.0005:
    print()
    print(f"Note: lessonpack's frames are {statistics.median(frame_steps) * 1000:.1f} ms apart, not the 10 ms of the "
          f"contract.")
