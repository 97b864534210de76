// A scripted `wait` (WebUI evaluation): resolves true as soon as the condition holds on the
// first element `selector` matches (checked now, on every DOM change and every frame), false
// when `timeoutMs` passes first. Conditions: present, visible (a box, not hidden or transparent
// itself or through an ancestor), hidden (the opposite), text (its visible text contains `text`).
const [selector, until, text, timeoutMs] = arguments;
function visible(element) {
  return element.getClientRects().length > 0
    && element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
}
function holds() {
  const element = document.querySelector(selector);
  switch (until) {
    case 'present': return element !== null;
    case 'visible': return element !== null && visible(element);
    case 'hidden': return element === null || !visible(element);
    default: return element !== null && (element.innerText || element.textContent || '').includes(text);
  }
}
return new Promise((resolve) => {
  if (holds()) {
    resolve(true);
    return;
  }
  let frame = 0;
  let done = false;
  const observer = new MutationObserver(check);
  const timer = setTimeout(() => finish(false), timeoutMs);
  function finish(held) {
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    cancelAnimationFrame(frame);
    resolve(held);
  }
  function check() {
    if (!done && holds()) finish(true);
  }
  function everyFrame() {
    check();
    if (!done) frame = requestAnimationFrame(everyFrame);
  }
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  frame = requestAnimationFrame(everyFrame);
});
