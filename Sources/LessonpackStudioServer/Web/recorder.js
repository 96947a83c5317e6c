// Recording a clip with the microphone, as a file the module accepts. Ogg Opus is small and an accepted audio
// extension, so it is used where the browser records it (Firefox; Chromium only in some versions). Elsewhere the
// browser records what it can (WebM in Chromium: a *video* extension to the module, and without a duration in its
// header) and the page decodes that and writes a WAV file instead, which every tool reads and measures.

const OGG_TYPES = ["audio/ogg;codecs=opus", "audio/ogg"];
const WAV_RATE = 24000; // plenty for speech, half the size of 48 kHz
const LONGEST_SECONDS = 120;

export function canRecord() {
  return typeof MediaRecorder !== "undefined" && !!navigator.mediaDevices?.getUserMedia;
}

/**
 * Starts recording. Answers `{ stop(): Promise<{ blob, extension }>, cancel() }`; recording stops by itself after
 * two minutes (a forgotten recorder would otherwise fill the memory).
 */
export async function startRecording({ onAutoStop } = {}) {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const oggType = OGG_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
  const recorder = new MediaRecorder(stream, oggType ? { mimeType: oggType } : {});
  const chunks = [];
  recorder.addEventListener("dataavailable", (event) => { if (event.data.size) chunks.push(event.data); });
  const stopped = new Promise((resolve) => recorder.addEventListener("stop", resolve, { once: true }));
  recorder.start();
  const release = () => stream.getTracks().forEach((track) => track.stop());
  const timer = setTimeout(() => { if (recorder.state === "recording") { recorder.stop(); onAutoStop?.(); } }, LONGEST_SECONDS * 1000);

  return {
    async stop() {
      clearTimeout(timer);
      if (recorder.state === "recording") recorder.stop();
      await stopped;
      release();
      const recorded = new Blob(chunks, { type: recorder.mimeType });
      if (oggType) return { blob: new Blob([recorded], { type: "audio/ogg" }), extension: "ogg" };
      return { blob: await toWav(recorded), extension: "wav" };
    },
    cancel() {
      clearTimeout(timer);
      if (recorder.state === "recording") recorder.stop();
      release();
    },
  };
}

/** Decodes any recording the browser can play and writes it as 16-bit mono PCM WAV. */
export async function toWav(blob) {
  const context = new AudioContext({ sampleRate: WAV_RATE });
  try {
    const audio = await context.decodeAudioData(await blob.arrayBuffer());
    return encodeWav(mixDown(audio), audio.sampleRate);
  } finally {
    context.close();
  }
}

function mixDown(audio) {
  const mono = new Float32Array(audio.length);
  for (let channel = 0; channel < audio.numberOfChannels; channel += 1) {
    const data = audio.getChannelData(channel);
    for (let i = 0; i < data.length; i += 1) mono[i] += data[i] / audio.numberOfChannels;
  }
  return mono;
}

function encodeWav(samples, rate) {
  const buffer = new ArrayBuffer(44 + samples.length * 2);
  const view = new DataView(buffer);
  const text = (offset, value) => [...value].forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)));
  text(0, "RIFF");
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, "WAVE");
  text(12, "fmt ");
  view.setUint32(16, 16, true); // size of the fmt chunk
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true); // bytes per second
  view.setUint16(32, 2, true); // bytes per frame
  view.setUint16(34, 16, true); // bits per sample
  text(36, "data");
  view.setUint32(40, samples.length * 2, true);
  samples.forEach((sample, i) => {
    const clamped = Math.max(-1, Math.min(1, sample));
    view.setInt16(44 + i * 2, clamped < 0 ? clamped * 0x8000 : clamped * 0x7fff, true);
  });
  return new Blob([buffer], { type: "audio/wav" });
}
