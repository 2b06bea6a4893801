// Reads records off the page (see js/records.js `parse`): messages in {id, text, limits,
// fragment}, out {id, parsed} (parseRecordText's result with its size caps checked, the
// positions as plain Maps) or {id, error}.
import { checked, parseRecordText, recordFromHash } from "./js/records.js";

self.onmessage = async ({ data: { id, text, limits, fragment } }) => {
  try {
    if (fragment !== null && fragment !== undefined) {
      text = recordFromHash(fragment);
      if (!text) {
        self.postMessage({ id, parsed: { ok: false, damaged: true } });
        return;
      }
    }
    const parsed = checked(await parseRecordText(text), limits);
    self.postMessage({ id, parsed: parsed.ok
      ? { ok: true, value: parsed.value, json: parsed.json, marks: parsed.located.marks, keyMarks: parsed.located.keyMarks }
      : parsed });
  } catch (error) {
    self.postMessage({ id, error: String(error && error.message || error) });
  }
};
