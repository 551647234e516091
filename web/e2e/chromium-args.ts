/**
 * How the browser suite and the portal bench start Debian's chromium (never a downloaded browser).
 *
 * Without the two omnibox features, headless chromium 15x builds each new window's omnibox popup
 * (chrome://omnibox-popup.top-chrome, a WebUI renderer of its own): every fresh context then spends
 * about 1.3 s of CPU beside the page's first load. A person's browser built that popup once, when it
 * started; on a 2-core machine the bench's cold first view read 1.3–1.9 s with it and 0.80–1.0 s
 * without (docs/benchmarks.md, session 22).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
