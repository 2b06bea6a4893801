"""Make the README's picture of the web scorer: docs/web-scorer.png, two 360 x 640 phone screens
side by side (light: the top of the filled form; dark: the result screen's verdict, winner and
scoreboard), from examples/rftg-invasion.yaml.

Run after `make test` (needs Debian's chromium and the test extra's Playwright):
    .venv/bin/python tools/web_screenshot.py
"""

from __future__ import annotations

import io
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.paths import CONTENT_DIR  # noqa: E402
from generator.web.serve import make_server  # noqa: E402
from generator.web.site import build_site  # noqa: E402
from tests.web_support import CHROMIUM, CHROMIUM_ARGS, PHONE, wait_ready, wait_until  # noqa: E402

OUT = ROOT / "docs" / "web-scorer.png"
GAP = 24


def shot(browser, url: str, scheme: str, result: bool) -> bytes:
    context = browser.new_context(viewport=PHONE, color_scheme=scheme, device_scale_factor=2, service_workers="block")
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    page.click("[data-action=paste]")
    page.fill("#paste-text", (ROOT / "examples" / "rftg-invasion.yaml").read_text(encoding="utf-8"))
    page.click("#paste-load")
    wait_until(page, "/\\d/.test(document.getElementById('p2-total').textContent)")
    page.click("#notice button[aria-label=Dismiss]")
    if result:  # the result screen, from its heading
        page.click("#rftg-score")
        wait_until(page, "document.getElementById('rftg-scoreboard')")
        page.locator("#rftg-result").evaluate("e => e.scrollIntoView({block: 'start'})")
    else:  # the top of the filled game: the paste and the taps above may have scrolled the page
        page.evaluate("window.scrollTo(0, 0)")
        assert page.evaluate("window.scrollY") == 0
    image = page.screenshot()
    context.close()
    return image


def main() -> None:
    from PIL import Image
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "web"
        build_site(CONTENT_DIR, site)
        httpd = make_server(site, "127.0.0.1", 0)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{httpd.server_address[1]}/"
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            left = shot(browser, url, "light", False)
            right = shot(browser, url, "dark", True)
            browser.close()
        httpd.shutdown()
    a, b = (Image.open(io.BytesIO(x)).convert("RGB") for x in (left, right))
    sheet = Image.new("RGB", (a.width + b.width + GAP, max(a.height, b.height)), "white")
    sheet.paste(a, (0, 0))
    sheet.paste(b, (a.width + GAP, 0))
    sheet = sheet.resize((sheet.width // 2, sheet.height // 2), Image.LANCZOS)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    sheet.save(OUT, optimize=True)
    print(f"wrote {OUT.relative_to(ROOT)} ({sheet.width} x {sheet.height})")


if __name__ == "__main__":
    main()
