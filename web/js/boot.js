// Starts the scorer as early as the page can: index.html runs this module before the app's, so
// the engine's downloads begin while the form is still loading. The app imports the same
// instances from here.
//
// Status for the page to show: `status()` gives {engine, offline} (see engine.js and offline.js
// for their shapes), and a "playaid:status" event on window carries the same each time either
// changes. window.playaid.status() returns it too.
import { Engine } from "./engine.js";
import { OfflineCopy } from "./offline.js";

export const offline = new OfflineCopy();
export const engine = new Engine({ beforeStart: () => offline.takeOver() });

/** {engine: engine.status, offline: offline.status} */
export function status() {
  return { engine: engine.status, offline: offline.status };
}

const announce = () => dispatchEvent(new CustomEvent("playaid:status", { detail: status() }));
engine.addEventListener("status", announce);
offline.addEventListener("status", announce);
engine.ready.then(() => offline.save(), () => {});
