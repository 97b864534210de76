// Resolves once the page is loaded, no navigation is pending, no request is in flight, no
// short timer is pending, two frames have passed since an input, the DOM has been quiet for
// `quietMs` (not needed when nothing happened since the load event), no scroll is about to
// start and the scroll position has held still for a few frames since the last scroll, and
// (with `paint`) every image in the viewport is painted or broken — or when `capMs` has
// passed. Reports what it waited on, how long it waited on the quiet window alone, the
// images still missing at the cap and the broken ones in view.
const [quietMs, capMs, paint] = arguments;
// An expected scroll that has not started after this long and SCROLL_START_FRAMES frames
// is not coming (the page could not scroll after all).
const SCROLL_START_MS = 150;
const SCROLL_START_FRAMES = 3;
// Frames without a scroll event after the last one: the scroll position is stable.
const SCROLL_STILL_FRAMES = 2;
// Frames let pass after an input, so a page's answer started on the next frame is seen.
const INPUT_FRAMES = 2;
// Frames produced after the last image was ready, so the capture follows a painted frame.
const PAINT_FRAMES = 2;
// Images named in `pending` at the cap; the rest are counted.
const LISTED_IMAGES = 10;
// Background and SVG image URLs remembered per document.
const MAX_PROBES = 2000;
const state = window.__agoraSettle;
const schedule = state ? state.originalSetTimeout : window.setTimeout.bind(window);
const unschedule = state ? state.originalClearTimeout : window.clearTimeout.bind(window);
const images = state ? state.images : new WeakMap();
const probes = state ? state.probes : new Map();
const start = performance.now();
const waitedFor = new Set();
let quietWaitMs = 0;
let lastPoll = start;
let finished = false;
let timer = null;
let wake = () => {};

// Counts `count` frames from now, then wakes the poll; `done()` says whether they passed.
const frames = (count) => {
  let seen = 0;
  const hidden = document.visibilityState === 'hidden';
  const tick = () => {
    seen += 1;
    if (seen < count) requestAnimationFrame(tick);
    else wake();
  };
  if (!hidden) requestAnimationFrame(tick);
  return { done: () => hidden || seen >= count };
};

const shortUrl = (url) => {
  if (url.startsWith('data:')) return `${url.slice(0, 40)}…`;
  let text = url;
  try {
    const parsed = new URL(url, location.href);
    text = parsed.origin === location.origin ? parsed.pathname + parsed.search : parsed.href;
  } catch (error) { /* keep it as written */ }
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
};

// The part of `element` inside the viewport and every box that clips it, or null.
const inView = (element) => {
  let { left, top, right, bottom } = element.getBoundingClientRect();
  if (right <= left || bottom <= top) return false;
  left = Math.max(left, 0);
  top = Math.max(top, 0);
  right = Math.min(right, window.innerWidth);
  bottom = Math.min(bottom, window.innerHeight);
  for (let box = element.parentElement; box && box !== document.body && right > left && bottom > top; box = box.parentElement) {
    const style = getComputedStyle(box);
    if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
    const clip = box.getBoundingClientRect();
    left = Math.max(left, clip.left);
    top = Math.max(top, clip.top);
    right = Math.min(right, clip.right);
    bottom = Math.min(bottom, clip.bottom);
  }
  return right > left && bottom > top;
};

// An <img>: `ready` once its current source is loaded and decoded, `broken` when that
// failed, else `pending`. Decoding is asked for once per source.
const imgStatus = (img) => {
  const src = img.currentSrc || img.src;
  if (!src) return { status: 'ready' };
  let entry = images.get(img);
  if (!entry || entry.src !== src) {
    entry = { src, status: 'pending' };
    images.set(img, entry);
    const settled = (status) => () => {
      if (images.get(img) === entry) entry.status = status();
      wake();
    };
    img.decode().then(settled(() => 'ready'), settled(() => (img.complete && img.naturalWidth === 0 ? 'broken' : 'ready')));
  }
  return entry;
};

// A CSS background or SVG <image> URL, through a probe image of the same URL (the page's
// own request is reused from the memory cache).
const urlStatus = (url) => {
  let entry = probes.get(url);
  if (!entry) {
    if (probes.size >= MAX_PROBES) probes.clear();
    entry = { src: url, status: 'pending' };
    probes.set(url, entry);
    const probe = new Image();
    probe.src = url;
    probe.decode().then(() => { entry.status = 'ready'; wake(); }, () => { entry.status = 'broken'; wake(); });
  }
  return entry;
};

// Selectors of the style rules that give a background image (pseudo-elements left out),
// worked out once per set of style sheets.
const PSEUDO_ELEMENT = /::|:(before|after|first-line|first-letter)\b/;
const backgroundSelector = () => {
  const sheets = document.styleSheets;
  const cached = state && state.backgrounds;
  if (cached && cached.sheets === sheets.length) return cached.selector;
  const selectors = ['[style*="url("]'];
  const walk = (rules) => {
    for (const rule of rules) {
      const text = rule.selectorText;
      if (text && rule.style && rule.style.backgroundImage.includes('url(') && !PSEUDO_ELEMENT.test(text)) selectors.push(text);
      if (rule.cssRules) walk(rule.cssRules);
    }
  };
  for (const sheet of sheets) {
    try { walk(sheet.cssRules); } catch (error) { /* another origin's style sheet */ }
  }
  const selector = selectors.filter((text) => {
    try { document.querySelector(text); return true; } catch (error) { return false; }
  }).join(', ');
  if (state) state.backgrounds = { sheets: sheets.length, selector };
  return selector;
};

// Every image in the viewport with its status: <img> (lazy, <picture> and srcset
// included), CSS backgrounds of elements, SVG <image>.
const viewportImages = () => {
  const found = [];
  for (const img of document.images) {
    if (inView(img)) found.push(imgStatus(img));
  }
  for (const element of document.querySelectorAll(backgroundSelector())) {
    const background = getComputedStyle(element).backgroundImage;
    if (!background.includes('url(') || !inView(element)) continue;
    for (const match of background.matchAll(/url\("?([^")]*)"?\)/g)) found.push(urlStatus(match[1]));
  }
  for (const image of document.getElementsByTagNameNS('http://www.w3.org/2000/svg', 'image')) {
    const href = image.href.baseVal || image.getAttribute('xlink:href');
    if (href && inView(image)) found.push(urlStatus(new URL(href, document.baseURI).href));
  }
  return found;
};

return new Promise((resolve) => {
  let missingImages = [];
  let brokenImages = [];
  let imagesWaited = false;
  let paintFrames = null;
  let startFrames = null;
  let stillFrames = null;
  let stillSince = -Infinity;
  let position = state && state.lastStamp ? [state.lastStamp[1], state.lastStamp[2]] : null;
  const inputFrames = state && state.lastInput > state.inputSettledAt ? frames(INPUT_FRAMES) : null;
  const poll = () => {
    if (finished) return;
    const now = performance.now();
    const pending = [];
    if (inputFrames && !inputFrames.done()) pending.push('frames after input');
    if (state && state.navigationExpected) pending.push('navigation');
    if (document.readyState !== 'complete') pending.push('page load');
    if (state && state.inflight > 0) pending.push('requests in flight');
    if (state && state.timers.size > 0) pending.push('short timers');
    const quietSinceLoad = state && state.loadedAt !== null && state.lastActivity <= state.loadedAt;
    if (state && !quietSinceLoad && now - state.lastActivity < quietMs) pending.push('DOM changes');
    if (state) {
      let expected = state.scrollExpected !== null;
      if (expected) {
        startFrames = startFrames || frames(SCROLL_START_FRAMES);
        if (startFrames.done() && now - state.scrollExpected >= SCROLL_START_MS) {
          state.scrollExpected = null;
          expected = false;
        }
      }
      // The window scrolled since the last look (or poll) whether or not its `scroll` event
      // has fired yet.
      if (position && (window.scrollX !== position[0] || window.scrollY !== position[1])) {
        state.lastScroll = now;
        position = [window.scrollX, window.scrollY];
      }
      let moving = false;
      if (state.lastScroll > state.scrollCheckedAt) {
        if (!stillFrames || stillSince < state.lastScroll) {
          stillFrames = frames(SCROLL_STILL_FRAMES);
          stillSince = now;
        }
        moving = !stillFrames.done();
        if (!moving) state.scrollCheckedAt = now;
      }
      if (expected || moving) pending.push('scroll');
    }
    if (paint && !pending.includes('scroll')) {
      const found = viewportImages();
      const missing = found.filter((entry) => entry.status === 'pending');
      missingImages = missing.map((entry) => entry.src);
      brokenImages = found.filter((entry) => entry.status === 'broken').map((entry) => shortUrl(entry.src));
      if (missing.length > 0) {
        imagesWaited = true;
        paintFrames = null;
        pending.push('images');
      } else if (imagesWaited) {
        paintFrames = paintFrames || frames(PAINT_FRAMES);
        if (!paintFrames.done()) pending.push('images');
      }
    }
    if (pending.length === 1 && pending[0] === 'DOM changes') quietWaitMs += now - lastPoll;
    lastPoll = now;
    pending.forEach((reason) => waitedFor.add(reason));
    if (pending.length === 0 || now - start >= capMs) {
      finished = true;
      if (timer !== null) unschedule(timer);
      if (state) {
        state.lastStamp = state.stamp();
        if (inputFrames && inputFrames.done()) state.inputSettledAt = start;
      }
      const listed = pending.flatMap((reason) => {
        if (reason !== 'images' || missingImages.length === 0) return [reason];
        const named = [...new Set(missingImages.map(shortUrl))];
        const more = named.length - LISTED_IMAGES;
        return named.slice(0, LISTED_IMAGES).map((url) => `image ${url}`).concat(more > 0 ? [`${more} more images`] : []);
      });
      resolve({
        settled: pending.length === 0,
        waited_for: [...waitedFor],
        pending: listed,
        quiet_wait_ms: quietWaitMs,
        broken_images: [...new Set(brokenImages)],
      });
      return;
    }
    if (timer !== null) unschedule(timer);
    timer = schedule(poll, 10);
  };
  wake = () => { if (!finished) schedule(poll, 0); };
  poll();
});
