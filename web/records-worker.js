// Reads records off the page (see js/records.js `parse`): messages in {id, text, limits,
// fragment}, out {id, parsed} (`readRecord`'s result, the positions as plain Maps) or {id, error}.
import { readRecord } from "./js/records.js";

self.onmessage = async ({ data: { id, text, limits, fragment } }) => {
  try {
    const parsed = await readRecord(text, limits, fragment);
    self.postMessage({ id, parsed: parsed.ok
      ? { ok: true, value: parsed.value, json: parsed.json, marks: parsed.located.marks, keyMarks: parsed.located.keyMarks }
      : parsed });
  } catch (error) {
    self.postMessage({ id, error: String(error && error.message || error) });
  }
};
