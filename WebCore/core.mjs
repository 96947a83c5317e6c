// The learning core as a page (or Node) uses it: load lessonpack-core.wasm, then call its functions with plain
// JavaScript values. Integers go in through the core's memory; answers come back as JSON the core wrote.

export async function loadCore(bytes) {
  const { instance } = await WebAssembly.instantiate(bytes, {});
  const core = instance.exports;
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();

  // Copies `values` (Int32s) or `bytes` into memory the core allocated; the caller frees it.
  function place(typed) {
    const pointer = core.lc_alloc(Math.max(typed.byteLength, 1));
    new Uint8Array(core.memory.buffer, pointer, typed.byteLength)
      .set(new Uint8Array(typed.buffer, typed.byteOffset, typed.byteLength));
    return pointer;
  }

  // Reads and frees an answer: a UInt32 byte count, then UTF-8.
  function answer(pointer) {
    const count = new DataView(core.memory.buffer).getUint32(pointer, true);
    const text = decoder.decode(new Uint8Array(core.memory.buffer, pointer + 4, count));
    core.lc_free(pointer);
    return text;
  }

  return {
    /** The seed of one attempt's deal: `session` a BigInt, `activity` the activity's name, `attempt` its number. */
    attemptSeed(session, activity, attempt) {
      const name = encoder.encode(activity);
      const pointer = place(name);
      try {
        return BigInt.asUintN(64, core.lc_attempt_seed(BigInt.asUintN(64, session), pointer, name.length, attempt));
      } finally {
        core.lc_free(pointer);
      }
    },
    /** A deal as the core's JSON text: `kind` 0 test, 1 questions, 2 audio game; `values` integers. */
    dealText(kind, seed, values) {
      const array = Int32Array.from(values);
      const pointer = place(array);
      try {
        return answer(core.lc_deal(kind, BigInt.asUintN(64, seed), pointer, array.length));
      } finally {
        core.lc_free(pointer);
      }
    },
    /** An attempt played from events, as the core's JSON text: `module` the core's module JSON (a string). */
    scriptText(module, kind, seed, options, events) {
      const text = encoder.encode(module);
      const modulePointer = place(text);
      const array = Int32Array.from(events);
      const eventsPointer = place(array);
      try {
        return answer(core.lc_script(modulePointer, text.length, kind, BigInt.asUintN(64, seed), options,
                                     eventsPointer, array.length));
      } finally {
        core.lc_free(modulePointer);
        core.lc_free(eventsPointer);
      }
    },
  };
}
