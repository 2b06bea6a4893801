// The screen kept awake while a game is being scored (Screen Wake Lock, where the browser has it):
// a phone left on the table between two players' turns should not lock itself mid-entry. The
// lock is asked for while it is wanted and the page is visible; the browser releases it when the
// page is hidden, and it is asked for again when the page is back. Without the API (or when the
// browser refuses it: battery saver, no user gesture yet) the page works as before.

export class ScreenAwake {
  constructor(wakeLock = globalThis.navigator?.wakeLock) {
    this.api = wakeLock ?? null;
    this.wanted = false;
    this.sentinel = null;
    this.asking = null;
    document.addEventListener("visibilitychange", () => this.update());
  }

  /** Whether the browser offers Screen Wake Lock. */
  get supported() { return Boolean(this.api?.request); }

  /** Whether the screen is being kept awake now. */
  get held() { return Boolean(this.sentinel && !this.sentinel.released); }

  /** Keep the screen awake (true) or let it sleep (false). */
  want(on) {
    this.wanted = Boolean(on);
    this.update();
  }

  update() {
    const should = this.wanted && document.visibilityState === "visible";
    if (should && !this.held && !this.asking && this.supported) {
      this.asking = this.api.request("screen").then((sentinel) => {
        this.sentinel = sentinel;
        if (!this.wanted) this.release();
      }, () => { /* refused: the screen sleeps as usual */ }).finally(() => { this.asking = null; });
    } else if (!should && this.held && document.visibilityState === "visible") {
      this.release();
    }
  }

  release() {
    const sentinel = this.sentinel;
    this.sentinel = null;
    sentinel?.release().catch(() => {});
  }
}
