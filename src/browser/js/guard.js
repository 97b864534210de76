// Installed by the page guard in every document of every tab, before the page's own scripts.
// It reports through the guard's binding, taken off the window first, so no script of the
// page can call it; and everything it uses is taken before the page can replace it.
//   - JavaScript dialogs are answered at once instead of blocking the page (alert returns,
//     confirm answers false, prompt answers null, as when a user dismisses them) and
//     reported; beforeunload handlers are not registered, so leaving a page never asks. A
//     dialog that still opens natively is answered by the guard itself.
//   - The page's errors — uncaught exceptions, unhandled rejections, resources that failed to
//     load — are heard by listeners that run before any of the page's (so no page handler can
//     cancel or stop them first) and that only the browser's own events reach.
//   - What the page logs is bounded before it leaves the page: everything attached to the tab
//     (chromedriver among them) reads the console whole, so one huge message or a flood would
//     stall it. Strings are cut at 10,000 characters, and beyond 1,000 messages a second the
//     rest of that second is dropped; an error too long or past that rate is not logged to the
//     console either (it is still heard and reported here).
(() => {
  if (window.__agoraGuarded) return;
  Object.defineProperty(window, '__agoraGuarded', { value: true });
  const report = window.__agoraDialog;
  delete window.__agoraDialog;
  const call = Function.prototype.call.bind(Function.prototype.call);
  const getter = (prototype, name) => Object.getOwnPropertyDescriptor(prototype, name).get;
  const stringify = JSON.stringify;
  const toText = String;
  const slice = String.prototype.slice;
  const lastIndexOf = String.prototype.lastIndexOf;
  const getAttribute = Element.prototype.getAttribute;
  const tagNameOf = getter(Element.prototype, 'tagName');
  const targetOf = getter(Event.prototype, 'target');
  const messageOf = getter(ErrorEvent.prototype, 'message');
  const filenameOf = getter(ErrorEvent.prototype, 'filename');
  const linenoOf = getter(ErrorEvent.prototype, 'lineno');
  const reasonOf = getter(PromiseRejectionEvent.prototype, 'reason');
  const addListener = EventTarget.prototype.addEventListener;
  const preventDefault = Event.prototype.preventDefault;
  const apply = Reflect.apply;
  const map = Array.prototype.map;
  const keys = Object.keys;
  const now = Date.now;
  const MAX_LOGGED = 10000;
  const PER_SECOND = 1000;
  const MAX_ERRORS = 50;
  const text = (value) => {
    try {
      return call(slice, toText(value ?? ''), 0, 500);
    } catch (_) {
      return '';
    }
  };
  const send = (payload) => {
    if (typeof report !== 'function') return;
    try {
      report(stringify(payload));
    } catch (_) {
      // Nothing the page did to itself stops the answers below.
    }
  };

  const tell = (type, message) => send({ type, message: text(message) });
  window.alert = function alert(message) { tell('alert', message); };
  window.confirm = function confirm(message) { tell('confirm', message); return false; };
  window.prompt = function prompt(message) { tell('prompt', message); return null; };
  EventTarget.prototype.addEventListener = function addEventListener(type, listener, options) {
    if (this === window && toText(type).toLowerCase() === 'beforeunload') return undefined;
    return call(addListener, this, type, listener, options);
  };
  Object.defineProperty(window, 'onbeforeunload', { get: () => null, set: () => {} });

  let second = 0;
  let spent = 0;
  const withinRate = () => {
    const time = now();
    if (time - second >= 1000) {
      second = time;
      spent = 0;
    }
    spent += 1;
    return spent <= PER_SECOND;
  };
  const bounded = (value) => (typeof value === 'string' && value.length > MAX_LOGGED
    ? `${call(slice, value, 0, MAX_LOGGED)}…` : value);
  for (const name of keys(console)) {
    const original = console[name];
    if (typeof original !== 'function') continue;
    console[name] = { [name](...args) {
      if (!withinRate()) return undefined;
      return apply(original, console, call(map, args, bounded));
    } }[name];
  }
  // Not logged to the console: too long, or past the rate.
  const unlogged = (event, message) => {
    if (!withinRate() || (typeof message === 'string' && message.length > MAX_LOGGED)) {
      call(preventDefault, event);
    }
  };

  let reported = 0;
  const pageError = (kind, message) => {
    reported += 1;
    if (reported <= MAX_ERRORS) send({ type: 'page_error', kind, message: text(message) });
  };
  call(addListener, window, 'error', (event) => {
    if (event.isTrusted !== true) return;
    try {
      const target = call(targetOf, event);
      if (target !== window) {
        const source = call(getAttribute, target, 'src') || call(getAttribute, target, 'href') || '';
        pageError('resource', `${toText(call(tagNameOf, target)).toLowerCase()} failed to load ${source}`);
        return;
      }
      const file = toText(call(filenameOf, event) || '');
      const name = call(slice, file, call(lastIndexOf, file, '/') + 1);
      const where = name ? ` (${name}:${call(linenoOf, event)})` : '';
      const message = call(messageOf, event);
      unlogged(event, message);
      pageError('exception', `${text(message)}${where}`);
    } catch (_) {
      pageError('exception', 'an uncaught error');
    }
  }, true);
  call(addListener, window, 'unhandledrejection', (event) => {
    if (event.isTrusted !== true) return;
    let reason = '';
    try {
      const value = call(reasonOf, event);
      reason = value instanceof Error ? value.message : value;
    } catch (_) {
      reason = 'a rejection';
    }
    unlogged(event, reason);
    pageError('exception', `unhandled rejection: ${text(reason)}`);
  }, true);
})();
