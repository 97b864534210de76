// Resolves once the page is loaded, no navigation is pending, no request is in flight, no
// short timer is pending and the DOM has been quiet for `quietMs` (not needed when nothing
// happened since the load event) — or when `capMs` has passed. Reports what it waited on and
// how long it waited on the quiet window alone.
const [quietMs, capMs] = arguments;
const state = window.__agoraSettle;
const schedule = state ? state.originalSetTimeout : window.setTimeout.bind(window);
const start = performance.now();
const waitedFor = new Set();
let quietWaitMs = 0;
let lastPoll = start;
return new Promise((resolve) => {
  const poll = () => {
    const now = performance.now();
    const pending = [];
    if (state && state.navigationExpected) pending.push('navigation');
    if (document.readyState !== 'complete') pending.push('page load');
    if (state && state.inflight > 0) pending.push('requests in flight');
    if (state && state.timers.size > 0) pending.push('short timers');
    const quietSinceLoad = state && state.loadedAt !== null && state.lastActivity <= state.loadedAt;
    if (state && !quietSinceLoad && now - state.lastActivity < quietMs) pending.push('DOM changes');
    if (pending.length === 1 && pending[0] === 'DOM changes') quietWaitMs += now - lastPoll;
    lastPoll = now;
    pending.forEach((reason) => waitedFor.add(reason));
    if (pending.length === 0 || now - start >= capMs) {
      if (state) state.lastStamp = state.stamp();
      resolve({ settled: pending.length === 0, waited_for: [...waitedFor], pending, quiet_wait_ms: quietWaitMs });
      return;
    }
    schedule(poll, 10);
  };
  poll();
});
