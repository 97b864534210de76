// Resolves once the page is loaded, no navigation is pending, no request is in flight, no
// short timer is pending and the DOM has been quiet for `quietMs` — or when `capMs` has
// passed. Reports what it waited on.
const [quietMs, capMs] = arguments;
const state = window.__agoraSettle;
const schedule = state ? state.originalSetTimeout : window.setTimeout.bind(window);
const start = performance.now();
const waitedFor = new Set();
return new Promise((resolve) => {
  const poll = () => {
    const now = performance.now();
    const pending = [];
    if (state && state.navigationExpected) pending.push('navigation');
    if (document.readyState !== 'complete') pending.push('page load');
    if (state && state.inflight > 0) pending.push('requests in flight');
    if (state && state.timers.size > 0) pending.push('short timers');
    if (state && now - state.lastActivity < quietMs) pending.push('DOM changes');
    pending.forEach((reason) => waitedFor.add(reason));
    if (pending.length === 0 || now - start >= capMs) {
      resolve({ settled: pending.length === 0, waited_for: [...waitedFor], pending });
      return;
    }
    schedule(poll, 10);
  };
  poll();
});
