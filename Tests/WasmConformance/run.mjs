// The WebAssembly half of the conformance test (LessonpackCoreTests/WasmConformanceTests): reads requests, one
// JSON object per line, from the file named second, asks the wasm core named first, and prints one answer per line.
//   {"seed": {"session": "123", "activity": "test", "attempt": 2}}  → the attempt seed, in decimal
//   {"deal": {"kind": 0, "seed": "123", "values": [...]}}           → the core's JSON, as it wrote it
//   {"script": {"module": "FILE", "kind": 1, "seed": "9", "options": 0, "events": [...]}}  → the core's JSON
//   {"present": {"module": "FILE", "request": "{…}"}}                  → the core's JSON (the request as text)
//   {"fold": "Café"}                                                   → the folded text, as a JSON string
// Seeds travel as decimal strings: JSON numbers cannot hold 64 bits.
import { readFileSync } from 'node:fs';
import { loadCore } from '../../WebCore/core.mjs';

const [wasmPath, requestsPath] = process.argv.slice(2);
const core = await loadCore(readFileSync(wasmPath));
const lines = [];
const modules = new Map();
for (const line of readFileSync(requestsPath, 'utf8').split('\n')) {
  if (!line) continue;
  const request = JSON.parse(line);
  if (request.seed) {
    const { session, activity, attempt } = request.seed;
    lines.push(core.attemptSeed(BigInt(session), activity, attempt).toString());
  } else if (request.deal) {
    const { kind, seed, values } = request.deal;
    lines.push(core.dealText(kind, BigInt(seed), values));
  } else if (typeof request.fold === 'string') {
    lines.push(core.foldText(request.fold));
  } else if (request.script) {
    const { module, kind, seed, options, events } = request.script;
    if (!modules.has(module)) modules.set(module, readFileSync(module, 'utf8'));
    lines.push(core.scriptText(modules.get(module), kind, BigInt(seed), options, events));
  } else if (request.present) {
    const { module, request: log } = request.present;
    if (!modules.has(module)) modules.set(module, readFileSync(module, 'utf8'));
    lines.push(core.presentText(modules.get(module), log));
  } else {
    throw new Error(`not a request: ${line}`);
  }
}
process.stdout.write(lines.join('\n') + '\n');
