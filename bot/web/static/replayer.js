// The hand replayer's keys (bot/web/hands.py), an enhancement: without script the page's
// links do the same. ← and → go to the previous and the next step, Home and End to the deal
// and the payouts: each follows the page's link marked data-step="prev", "next", "first" or
// "last" (absent at either end). A key typed in a field, or with a modifier, is left alone.
// A plain ES module, no build step and no inline script (the pages' CSP allows neither).

const STEPS = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };

export function stepFor(event) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  const target = event.target;
  if (target instanceof Element && target.closest("input, textarea, select, [contenteditable]")) {
    return null;
  }
  return Object.hasOwn(STEPS, event.key) ? STEPS[event.key] : null;
}

document.addEventListener("keydown", (event) => {
  const step = stepFor(event);
  const link = step && document.querySelector(`a[data-step="${step}"]`);
  if (!link) return;
  event.preventDefault();
  window.location.assign(link.href);
});
