// The editor's copy of one module and its conversation with the server: edits change `module` at once and are saved
// after a pause (400 ms after the last keystroke, at once for a select or a checkbox); a 409 opens the conflict;
// undo and redo go through the server's history; and a poll notices other programs' changes. Views subscribe to
// what changed; this file never touches the DOM.
//
// Every request that answers with a state (save, undo, redo, reload, upload, import) waits its turn in one queue:
// two in flight could answer out of order, and the older state, taken last, would carry an old revision into the
// next save (a false conflict) or undo an upload on the page.

import { api, ApiError } from "./api.js";

const SAVE_DELAY_MS = 400;
const POLL_MS = 2000;

export class Store {
  constructor(key, state) {
    this.key = key;
    this.listeners = new Set();
    /** The model as the page shows it: the server's, plus whatever is typed and not yet saved. */
    this.module = structuredClone(state.module);
    this.state = state;
    this.dirty = false;
    /** The top-level keys of `module` edited since the last save was sent: what a state from the server must keep. */
    this.dirtyKeys = new Set();
    this.saving = false;
    this.saveTimer = null;
    this.tail = Promise.resolve();
    this.inFlight = 0;
    this.conflict = null; // { files, message, disk } while the author has not chosen
    this.changedOnDisk = false;
    this.status = { kind: "saved", message: "" };
    /** Paths of fields whose text does not read (marked red on the page): their last good value is what is saved. */
    this.invalid = new Set();
    this.pollTimer = setInterval(() => this.poll(), POLL_MS);
  }

  /** Stops saving and polling; the page calls it when leaving the module. */
  close() {
    clearInterval(this.pollTimer);
    clearTimeout(this.saveTimer);
  }

  /**
   * `listener(event)`: event.type is "state" (a new state from the server; `event.modelChanged` lists the top-level
   * keys of `module` that differ from the page's), "edit" (the page changed `event.path`, or something unnamed when
   * null), "status" (saving status, conflict, changed on disk) or "error".
   */
  subscribe(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event) {
    for (const listener of this.listeners) listener(event);
  }

  setStatus(kind, message = "") {
    this.status = { kind, message };
    this.emit({ type: "status" });
  }

  /** Sets one value by its dotted path (`transcript.3.start`) and schedules a save. */
  set(path, value, { immediate = false } = {}) {
    const parts = path.split(".");
    let target = this.module;
    for (const part of parts.slice(0, -1)) target = target[part];
    const last = parts[parts.length - 1];
    if (value === undefined) delete target[last];
    else target[last] = value;
    this.changed({ immediate, path });
  }

  /** A field's text reads (or no longer does): while any does not, the status does not say Saved. */
  setInvalid(path, invalid) {
    if (invalid === this.invalid.has(path)) return;
    if (invalid) this.invalid.add(path);
    else this.invalid.delete(path);
    this.emit({ type: "status" });
  }

  /** Reads a value by its dotted path; undefined when any step is missing. */
  get(path) {
    return path.split(".").reduce((value, part) => (value == null ? undefined : value[part]), this.module);
  }

  /** For structural edits (add, delete, move): `edit(module)` changes the model in place; saved at once. */
  change(edit, { immediate = true, path = null } = {}) {
    edit(this.module);
    this.changed({ immediate, path });
  }

  changed({ immediate, path }) {
    this.dirty = true;
    if (path) this.dirtyKeys.add(path.split(".")[0]);
    else for (const key of Object.keys(this.module)) this.dirtyKeys.add(key);
    // Views showing the same data elsewhere (the header's title, another section's list of line ids) follow.
    this.emit({ type: "edit", path });
    if (this.conflict) return; // nothing is sent until the author settles the conflict
    this.setStatus("pending");
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => this.save(), immediate ? 0 : SAVE_DELAY_MS);
  }

  /** Runs `task` after every request before it has been answered. */
  run(task) {
    this.inFlight += 1;
    const result = this.tail.then(() => task()).finally(() => { this.inFlight -= 1; });
    this.tail = result.catch(() => {});
    return result;
  }

  save() {
    clearTimeout(this.saveTimer);
    return this.run(() => this.saveNow());
  }

  /** Saves now if anything is waiting; resolves once the page and the disk agree (or the save failed). */
  flush() {
    return this.save();
  }

  async saveNow() {
    if (!this.dirty || this.conflict) return;
    this.saving = true;
    this.dirty = false;
    const sentKeys = this.dirtyKeys;
    this.dirtyKeys = new Set();
    const sent = JSON.stringify(this.module);
    this.setStatus("saving");
    let state = null;
    let failure = null;
    try {
      state = await api.save(this.key, this.state.revision, JSON.parse(sent));
    } catch (error) {
      failure = error;
    }
    // Cleared before anyone hears of the answer, so that what they redraw (undo, redo) sees the store at rest.
    this.saving = false;
    if (failure) {
      this.dirty = true; // what was sent is still unsaved
      for (const key of sentKeys) this.dirtyKeys.add(key);
      if (failure instanceof ApiError && failure.status === 409) this.openConflict(failure);
      else {
        this.setStatus("failed", failure.message);
        this.emit({ type: "error", error: failure });
      }
      return;
    }
    this.accept(state);
    this.setStatus(this.dirty ? "pending" : "saved");
    // Typing that came in while the request was out goes next.
    if (this.dirty && !this.conflict) {
      clearTimeout(this.saveTimer);
      this.saveTimer = setTimeout(() => this.save(), 0);
    }
  }

  /**
   * Takes a state from the server. Its model wins, but for the parts the author edited while the request was out
   * (`dirtyKeys`): those keep the page's values, and are saved next. A save's answer normally holds the model that
   * was sent, so nothing on the page changes and nothing is redrawn.
   */
  accept(state) {
    const previous = this.module;
    const next = structuredClone(state.module);
    if (this.dirty) for (const key of this.dirtyKeys) next[key] = previous[key];
    const modelChanged = changedKeys(previous, next);
    if (modelChanged.length) this.module = next;
    this.state = state;
    this.changedOnDisk = false;
    this.emit({ type: "state", modelChanged });
  }

  /**
   * A request that answers with a state (an upload: `pick` the state out of the answer when it comes wrapped, as an
   * import's does). Unsaved edits are saved first; the request is refused while they cannot be.
   */
  perform(call, pick = (answer) => answer) {
    clearTimeout(this.saveTimer);
    return this.run(async () => {
      await this.saveNow();
      if (this.conflict || this.dirty) {
        throw new Error("Your latest edits are not saved yet: settle that first (see the status at the top).");
      }
      const answer = await call();
      const state = pick(answer);
      if (state) this.accept(state);
      return answer;
    });
  }

  openConflict(error) {
    this.conflict = {
      files: error.body?.error?.files ?? error.body?.files ?? [],
      message: error.message,
      disk: error.body?.state ?? null,
    };
    this.setStatus("conflict", error.message);
  }

  /** After a conflict: the files on disk win; the page's unsaved edits are dropped. */
  takeDisk() {
    return this.run(async () => {
      const state = await api.reload(this.key);
      this.conflict = null;
      this.dirty = false;
      this.dirtyKeys = new Set();
      clearTimeout(this.saveTimer);
      this.accept(state);
      this.setStatus("saved");
    });
  }

  /** After a conflict: the page's model is saved over the disk's, against the revision the 409 reported. */
  keepMine() {
    return this.run(async () => {
      const disk = this.conflict?.disk ?? (await api.state(this.key));
      this.state = { ...this.state, revision: disk.revision };
      this.conflict = null;
      this.dirty = true;
      for (const key of Object.keys(this.module)) this.dirtyKeys.add(key);
      await this.saveNow();
    });
  }

  /** Re-reads the folder (another program changed it). Unsaved edits are saved first, so they are not lost. */
  reload() {
    return this.perform(() => api.reload(this.key)).then(() => this.setStatus("saved"));
  }

  undo() { return this.step("undo"); }
  redo() { return this.step("redo"); }

  step(direction) {
    return this.perform(() => api[direction](this.key, this.state.revision)).then(
      () => this.setStatus("saved"),
      (error) => {
        if (error instanceof ApiError && error.status === 409) this.openConflict(error);
        else throw error;
      });
  }

  async poll() {
    if (this.pollBusy || this.conflict) return;
    this.pollBusy = true;
    const asked = this.state.revision;
    try {
      const { revision } = await api.revision(this.key);
      if (this.status.kind === "offline") {
        // Back: what could not be saved meanwhile goes now.
        this.setStatus(this.dirty ? "pending" : "saved");
        if (this.dirty) this.save();
      }
      // A request running or waiting explains a new revision by itself, and so does a state taken meanwhile.
      const busy = this.saving || this.dirty || this.inFlight > 0;
      if (revision !== asked && asked === this.state.revision && !busy && !this.changedOnDisk) {
        this.changedOnDisk = true;
        this.emit({ type: "status" });
      }
    } catch (error) {
      // A poll failing every two seconds must not flood the page: the status line says it once.
      if (this.status.kind !== "offline") this.setStatus("offline", error.message);
    } finally {
      this.pollBusy = false;
    }
  }

  /** Tries again after a failed save. */
  retry() {
    if (this.dirty && !this.conflict) this.save();
  }
}

/** The top-level keys of two models whose values differ. */
export function changedKeys(a, b) {
  const keys = new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})]);
  return [...keys].filter((key) => JSON.stringify(a?.[key]) !== JSON.stringify(b?.[key]));
}
