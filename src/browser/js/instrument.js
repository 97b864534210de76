// Installed in every document (and run once in the current one). Keeps the counters that
// settling waits on: requests in flight, short timers pending, the time of the last DOM
// change or network completion, the last scroll and any scroll about to start, and what settling
// learnt about the page's images; and counts DOM mutations (so an observation can tell
// whether the page changed between marking and capturing). Agora's SoM attributes are ignored.
(() => {
  if (window.__agoraSettle) return;
  const SHORT_TIMER_MS = 1000;
  const state = {
    inflight: 0,
    timers: new Set(),
    lastActivity: performance.now(),
    mutations: 0,
    originalSetTimeout: window.setTimeout.bind(window),
    originalClearTimeout: window.clearTimeout.bind(window),
    // Per <img>, the source whose decoding settling asked for and how it ended; per URL of
    // a CSS background or SVG <image>, the same for a probe of that URL (see settle.js).
    images: new WeakMap(),
    probes: new Map(),
  };
  Object.defineProperty(window, '__agoraSettle', { value: state, enumerable: false });
  const touch = () => { state.lastActivity = performance.now(); };
  // When the load event fired (or when the script was installed into a loaded page): a page
  // with no activity since then has nothing left to settle, so the DOM-quiet window is skipped.
  state.loadedAt = document.readyState === 'complete' ? state.lastActivity : null;
  window.addEventListener('load', () => { state.loadedAt = performance.now(); }, true);
  // What must not change between marking the page and capturing it for the marks to fit the
  // frame: the DOM mutation count (Agora's id attributes not counted), the scroll offset and
  // the viewport. Every script that looks at the page (settling, marking) leaves the stamp it
  // saw in `lastStamp`, so the next one can tell whether anything changed in between.
  state.stamp = () => [
    state.mutations, window.scrollX, window.scrollY, window.innerWidth, window.innerHeight,
    window.devicePixelRatio,
  ];
  state.lastStamp = null;

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
    return state.originalClearTimeout(id);
  };

  // A form submission or a link click schedules a navigation that has not started when the
  // action returns: the old document is still loaded and quiet. Note the expectation (unless
  // the page cancels it or opens a new tab), so settling waits for the document to go.
  state.navigationExpected = false;
  const expectNavigation = (event, target) => {
    // The quiet window starts now; whether the page cancelled the event is known once every
    // listener has run, so look after this turn (well inside the window).
    touch();
    state.originalSetTimeout(() => {
      if (!event.defaultPrevented && (target || '_self').toLowerCase() !== '_blank') {
        state.navigationExpected = true;
        touch();
      }
    }, 0);
  };
  window.addEventListener('submit', (event) => {
    const form = event.target;
    const submitter = event.submitter;
    expectNavigation(event, (submitter && submitter.getAttribute('formtarget')) || form.target);
  }, true);
  window.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!link || link.hasAttribute('download') || event.button !== 0) return;
    const href = link.getAttribute('href') || '';
    if (href.startsWith('#') || href.toLowerCase().startsWith('javascript:')) return;
    const url = new URL(link.href, location.href);
    if (url.origin === location.origin && url.pathname === location.pathname && url.search === location.search && url.hash) return;
    expectNavigation(event, link.target);
  }, true);
  window.addEventListener('beforeunload', () => { state.navigationExpected = true; touch(); }, true);
  // A page restored from the back/forward cache is not navigating any more. (A page's first
  // pageshow follows its load event and is no activity: touching there would make every
  // navigation wait the DOM-quiet window.)
  window.addEventListener('pageshow', (event) => {
    state.navigationExpected = false;
    if (event.persisted) touch();
  }, true);

  // Scrolling. Agora's browsers scroll instantly (no smooth-scrolling animation), but a
  // wheel turn or a scrolling key is applied by the browser a frame or more after the input
  // returns, and a page may animate its own scrolling from script. So a scroll is expected
  // from such an input until its first `scroll` event, and settling waits until the scroll
  // position has held still for a few frames after the last one (see settle.js).
  state.lastScroll = -Infinity;
  state.scrollCheckedAt = -Infinity;
  state.scrollExpected = null;
  window.addEventListener('scroll', () => {
    state.lastScroll = performance.now();
    state.scrollExpected = null;
  }, { capture: true, passive: true });
  // Whether `start` or a box around it (the viewport last) can scroll by (dx, dy).
  const room = (position, size, client, delta) => (delta > 0 ? position + client < size - 1 : delta < 0 && position > 0);
  const scrolls = (overflow) => overflow === 'auto' || overflow === 'scroll' || overflow === 'overlay';
  const canScroll = (start, dx, dy) => {
    const root = document.scrollingElement || document.documentElement;
    for (let node = start instanceof Element ? start : null; node && node !== root && node !== document.body;) {
      const style = getComputedStyle(node);
      if ((scrolls(style.overflowY) && room(node.scrollTop, node.scrollHeight, node.clientHeight, dy))
        || (scrolls(style.overflowX) && room(node.scrollLeft, node.scrollWidth, node.clientWidth, dx))) return true;
      const parent = node.parentElement || node.getRootNode().host;
      node = parent instanceof Element ? parent : null;
    }
    const hidden = [document.documentElement, document.body].some((box) => box && getComputedStyle(box).overflow === 'hidden');
    return !hidden && (room(window.scrollY, root.scrollHeight, window.innerHeight, dy) || room(window.scrollX, root.scrollWidth, window.innerWidth, dx));
  };
  // A page that cancels the input may scroll by itself (a smooth-scrolling library), so the
  // expectation stands either way; settling gives it up when nothing moves within a few frames.
  const expectScroll = () => { state.scrollExpected = performance.now(); };
  // Not passive, so the browser hands the page every wheel turn before it scrolls: the
  // expectation is set before the input returns.
  window.addEventListener('wheel', (event) => {
    if (canScroll(event.target, event.deltaX, event.deltaY)) expectScroll();
  }, { capture: true, passive: false });
  const SCROLL_KEYS = {
    PageDown: [0, 1], PageUp: [0, -1], End: [0, 1], Home: [0, -1], ArrowDown: [0, 1], ArrowUp: [0, -1],
    ArrowRight: [1, 0], ArrowLeft: [-1, 0], ' ': [0, 1],
  };
  window.addEventListener('keydown', (event) => {
    const direction = SCROLL_KEYS[event.key];
    if (!direction || event.ctrlKey || event.altKey || event.metaKey) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target && (target.isContentEditable || target.closest('input, textarea, select, button, summary'))) return;
    const sign = event.key === ' ' && event.shiftKey ? -1 : 1;
    if (canScroll(target === document.body ? null : target, direction[0] * sign, direction[1] * sign)) expectScroll();
  }, { capture: true, passive: true });

  // Inputs: a page may answer one on the next animation frame or the one after (an animation
  // started from `requestAnimationFrame`), so settling lets two frames pass after an input it
  // has not yet seen out (see settle.js).
  state.lastInput = -Infinity;
  state.inputSettledAt = -Infinity;
  const input = () => { state.lastInput = performance.now(); };
  for (const type of ['pointerdown', 'click', 'keydown', 'input']) {
    window.addEventListener(type, input, { capture: true, passive: true });
  }

  const isOurs = (record) => record.attributeName === 'data-agora-som';
  new MutationObserver((records) => {
    const theirs = records.filter((record) => !isOurs(record)).length;
    if (theirs > 0) {
      state.mutations += theirs;
      touch();
    }
  }).observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
})();
