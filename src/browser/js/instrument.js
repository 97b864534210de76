// Installed in every document (and run once in the current one). Keeps the counters that
// settling waits on: requests in flight, short timers pending, and the time of the last
// DOM change or network completion. Agora's own overlay and SoM attributes are ignored.
(() => {
  if (window.__agoraSettle) return;
  const SHORT_TIMER_MS = 1000;
  const state = {
    inflight: 0,
    timers: new Set(),
    lastActivity: performance.now(),
    originalSetTimeout: window.setTimeout.bind(window),
  };
  Object.defineProperty(window, '__agoraSettle', { value: state, enumerable: false });
  const touch = () => { state.lastActivity = performance.now(); };

  const originalFetch = window.fetch;
  if (originalFetch) {
    window.fetch = function (...args) {
      state.inflight += 1;
      let finished = false;
      const finish = () => {
        if (!finished) { finished = true; state.inflight -= 1; touch(); }
      };
      try {
        const pending = originalFetch.apply(this, args);
        pending.then(finish, finish);
        return pending;
      } catch (error) {
        finish();
        throw error;
      }
    };
  }

  const originalSend = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (...args) {
    state.inflight += 1;
    this.addEventListener('loadend', () => { state.inflight -= 1; touch(); }, { once: true });
    try {
      return originalSend.apply(this, args);
    } catch (error) {
      state.inflight -= 1;
      throw error;
    }
  };

  const originalClearTimeout = window.clearTimeout.bind(window);
  window.setTimeout = function (callback, delay, ...rest) {
    const short = typeof callback === 'function' && (Number(delay) || 0) <= SHORT_TIMER_MS;
    if (!short) return state.originalSetTimeout(callback, delay, ...rest);
    const id = state.originalSetTimeout(() => {
      state.timers.delete(id);
      try { callback(...rest); } finally { touch(); }
    }, delay);
    state.timers.add(id);
    return id;
  };
  window.clearTimeout = function (id) {
    state.timers.delete(id);
    return originalClearTimeout(id);
  };

  const isOurs = (record) =>
    record.attributeName === 'data-agora-som' ||
    (record.target && record.target.id === '__agora_overlay') ||
    [...record.addedNodes, ...record.removedNodes].some((node) => node.id === '__agora_overlay');
  new MutationObserver((records) => {
    if (records.some((record) => !isOurs(record))) touch();
  }).observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
})();
