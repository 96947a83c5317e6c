// The learning core as a page (or Node) uses it: load lessonpack-core.wasm, then call its functions with plain
// JavaScript values. Integers go in through the core's memory; answers come back as JSON the core wrote.

export async function loadCore(bytes) {
  const module = await WebAssembly.compile(bytes);
  let core = (await WebAssembly.instantiate(module, {})).exports;
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();

  // The core keeps nothing between calls, so after a trap (a bug, or memory exhausted) the instance, whose stack
  // pointer a trap leaves where it was, is replaced by a fresh one rather than used again.
  function guarded(work) {
    try {
      return work();
    } catch (error) {
      core = new WebAssembly.Instance(module, {}).exports;
      throw error;
    }
  }

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
      return guarded(() => {
        const name = encoder.encode(activity);
        const pointer = place(name);
        try {
          return BigInt.asUintN(64, core.lc_attempt_seed(BigInt.asUintN(64, session), pointer, name.length, attempt));
        } finally {
          core.lc_free(pointer);
        }
      });
    },
    /** A deal as the core's JSON text: `kind` 0 test, 1 questions, 2 audio game; `values` integers. */
    dealText(kind, seed, values) {
      return guarded(() => {
        const array = Int32Array.from(values);
        const pointer = place(array);
        try {
          return answer(core.lc_deal(kind, BigInt.asUintN(64, seed), pointer, array.length));
        } finally {
          core.lc_free(pointer);
        }
      });
    },
    /** `text` without case or accents, as the dictionary compares terms: the core's JSON string. */
    foldText(text) {
      return guarded(() => {
        const bytes = encoder.encode(text);
        const pointer = place(bytes);
        try {
          return answer(core.lc_fold(pointer, bytes.length));
        } finally {
          core.lc_free(pointer);
        }
      });
    },
    /**
     * An activity on a page, replayed from its log (`PageSession` in the core): `moduleText` the core's module JSON,
     * `request` the activity (its name, `video-task`), the session seed (a decimal string), the settings, the UTC
     * offset and the log. Returns the core's JSON text: the view after the last entry, with its effects.
     */
    presentText(moduleText, request) {
      return guarded(() => {
        const moduleBytes = encoder.encode(moduleText);
        const requestBytes = encoder.encode(typeof request === 'string' ? request : JSON.stringify(request));
        const modulePointer = place(moduleBytes);
        try {
          const requestPointer = place(requestBytes);
          try {
            return answer(core.lc_present(modulePointer, moduleBytes.length, requestPointer, requestBytes.length));
          } finally {
            core.lc_free(requestPointer);
          }
        } finally {
          core.lc_free(modulePointer);
        }
      });
    },
    /** The same, parsed. */
    present(moduleText, request) {
      return JSON.parse(this.presentText(moduleText, request));
    },
    /** An attempt played from events, as the core's JSON text: `moduleText` the core's module JSON (a string). */
    scriptText(moduleText, kind, seed, options, events) {
      return guarded(() => {
        const text = encoder.encode(moduleText);
        const array = Int32Array.from(events);
        const modulePointer = place(text);
        try {
          const eventsPointer = place(array);
          try {
            return answer(core.lc_script(modulePointer, text.length, kind, BigInt.asUintN(64, seed), options,
                                         eventsPointer, array.length));
          } finally {
            core.lc_free(eventsPointer);
          }
        } finally {
          core.lc_free(modulePointer);
        }
      });
    },
  };
}
