// Installed by the page guard in every document of every tab, before the page's own scripts:
// JavaScript dialogs are answered at once instead of blocking the page (alert returns,
// confirm answers false, prompt answers null, as when a user dismisses them) and reported
// through the guard's binding; beforeunload handlers are not registered, so leaving a page
// never asks. A dialog that still opens natively is answered by the guard itself.
(() => {
  if (window.__agoraDialogsGuarded) return;
  Object.defineProperty(window, '__agoraDialogsGuarded', { value: true });
  const tell = (type, message) => {
    const report = window.__agoraDialog;
    if (typeof report !== 'function') return;
    try {
      report(JSON.stringify({ type, message: String(message ?? '').slice(0, 500) }));
    } catch (_) {
      // A page that replaced String or JSON loses its reports, not its dialogs' answers.
    }
  };
  window.alert = function alert(message) { tell('alert', message); };
  window.confirm = function confirm(message) { tell('confirm', message); return false; };
  window.prompt = function prompt(message) { tell('prompt', message); return null; };
  const addListener = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function addEventListener(type, listener, options) {
    if (this === window && String(type).toLowerCase() === 'beforeunload') return undefined;
    return addListener.call(this, type, listener, options);
  };
  Object.defineProperty(window, 'onbeforeunload', { get: () => null, set: () => {} });
})();
