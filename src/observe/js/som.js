// Set-of-Marks: finds the interactable elements visible in the viewport (same-origin iframes
// included), gives each a numeric id that it keeps while it stays in the DOM and collects the
// visible static text. The boxes are drawn on the captured frame by the server, so nothing is
// added to the page. Every string and list the page controls is bounded (the bounds come
// from observe/bounds.rs): the first `maxElements` elements and `maxTexts` texts in document
// order are kept, and `cut` says how many more there were. Returns { elements, texts, url,
// title, viewport, scroll, blocked, scale, stamp_before, stamp, script_ms, cut }.
const [options] = arguments;
const startedAt = performance.now();
const ATTR = 'data-agora-som';
const MAX_TEXT = options.maxText;
const MAX_ELEMENTS = options.maxElements;
const MAX_TEXTS = options.maxTexts;
const INTERACTABLE = [
  'a[href]', 'a[href] img', 'button', 'input:not([type=hidden])', 'textarea', 'select',
  '[tabindex]:not([tabindex="-1"])', '[contenteditable=true]', '[contenteditable=""]',
  '[draggable=true]', 'summary', 'label',
  ...['button', 'link', 'checkbox', 'menuitem', 'tab', 'radio', 'option', 'switch', 'combobox',
    'textbox', 'slider'].map((role) => `[role=${role}]`),
].join(',');
const SKIPPED_TEXT_PARENTS = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'OPTION']);
const POINTER_CANDIDATES = 'div,span,li,img,svg,td,th,tr,p,i,em,strong,h1,h2,h3,h4,h5,h6,figure,article,section';

const topWindow = window;
// The stamp the previous look at the page left (settling or marking), read before this one
// replaces it: equal stamps mean nothing changed in between (see the settle instrumentation).
const settleState = window.__agoraSettle;
const stampBefore = settleState ? settleState.lastStamp : null;
if (typeof topWindow.__agoraSomNext !== 'number') {
  Object.defineProperty(topWindow, '__agoraSomNext', { value: 0, writable: true, enumerable: false });
}

// Only a prefix is cleaned: a page's text of any length costs no more than its first part.
const clean = (text) => (text || '').slice(0, 8 * MAX_TEXT).replace(/\s+/g, ' ').trim();
const clipTo = (text, limit) => (text.length > limit ? text.slice(0, limit - 1) + '…' : text);
const clip = (text) => clipTo(text, MAX_TEXT);
const clipOrNull = (text) => (text === null ? null : clip(text));
const cut = { elements_left_out: 0, texts_left_out: false };

const implicitRole = (element) => {
  const tag = element.tagName.toLowerCase();
  const type = (element.getAttribute('type') || 'text').toLowerCase();
  switch (tag) {
    case 'a': return element.hasAttribute('href') ? 'link' : 'generic';
    case 'button': case 'summary': return 'button';
    case 'select': return element.multiple ? 'listbox' : 'combobox';
    case 'textarea': return 'textbox';
    case 'img': return 'img';
    case 'label': return 'label';
    case 'option': return 'option';
    case 'input':
      if (['button', 'submit', 'reset', 'image'].includes(type)) return 'button';
      if (type === 'checkbox') return 'checkbox';
      if (type === 'radio') return 'radio';
      if (type === 'range') return 'slider';
      if (type === 'file') return 'button';
      if (type === 'search') return 'searchbox';
      return 'textbox';
    default: return 'generic';
  }
};

// Each document's labels by the control they label, found once: an element's own `labels`
// searches the whole document the first time it is read (minutes for a page of 200,000
// buttons).
const labelMaps = new Map();
const labelsOf = (doc) => {
  let map = labelMaps.get(doc);
  if (!map) {
    map = new Map();
    for (const label of doc.querySelectorAll('label')) {
      const control = label.control;
      if (!control) continue;
      if (!map.has(control)) map.set(control, []);
      map.get(control).push(label);
    }
    labelMaps.set(doc, map);
  }
  return map;
};

// `shown` is the element's rendered text, cleaned ('' for form fields).
const accessibleName = (element, doc, shown) => {
  const labelledBy = element.getAttribute('aria-labelledby');
  if (labelledBy) {
    const text = labelledBy.split(/\s+/).map((id) => clean(doc.getElementById(id)?.innerText)).join(' ').trim();
    if (text) return text;
  }
  const direct = element.getAttribute('aria-label') || element.getAttribute('alt');
  if (clean(direct)) return clean(direct);
  const labels = labelsOf(doc).get(element);
  if (labels) {
    const text = clean(labels.map((label) => label.innerText).join(' '));
    if (text) return text;
  }
  const tag = element.tagName.toLowerCase();
  if (tag === 'input') {
    const type = (element.getAttribute('type') || 'text').toLowerCase();
    if (['button', 'submit', 'reset'].includes(type)) return clean(element.value);
  }
  if (tag === 'select') return clean(element.selectedOptions?.[0]?.text);
  if (!['input', 'textarea'].includes(tag)) {
    if (shown) return shown;
    const image = element.querySelector('img[alt]');
    if (image && clean(image.alt)) return clean(image.alt);
  }
  return clean(element.getAttribute('title') || element.getAttribute('placeholder') || '');
};

const isHiddenByStyle = (element, view) => {
  const style = view.getComputedStyle(element);
  return style.visibility === 'hidden' || style.visibility === 'collapse' || style.display === 'none' ||
    Number(style.opacity) === 0;
};

const collectFrame = (doc, view, offsetX, offsetY, clipRect, framePath, elements, texts, seenText) => {
  // Whether a rect (this frame's coordinates) reaches into the visible part of the frame:
  // the cheap test that comes first, since most of a long page lies outside the viewport.
  const inView = (rect) => rect.right > Math.max(0, clipRect.left - offsetX) &&
    rect.bottom > Math.max(0, clipRect.top - offsetY) &&
    rect.left < Math.min(view.innerWidth, clipRect.right - offsetX) &&
    rect.top < Math.min(view.innerHeight, clipRect.bottom - offsetY);
  const marked = new Set();
  const interactables = new Set(doc.querySelectorAll(INTERACTABLE));
  const candidates = new Set(interactables);
  // Cheapest test first: cursor is inherited, so only the element where a pointer cursor
  // starts qualifies, and only then is the (costly) interactable-ancestor match run.
  for (const element of doc.querySelectorAll(POINTER_CANDIDATES)) {
    if (candidates.has(element) || view.getComputedStyle(element).cursor !== 'pointer') continue;
    const parent = element.parentElement;
    if (parent && view.getComputedStyle(parent).cursor === 'pointer') continue;
    if (!inView(element.getBoundingClientRect()) || element.closest(INTERACTABLE)) continue;
    candidates.add(element);
  }
  for (const element of candidates) {
    const rect = element.getBoundingClientRect();
    if (rect.width < 1 || rect.height < 1 || !inView(rect)) continue;
    if (elements.length >= MAX_ELEMENTS) {
      cut.elements_left_out += 1;
      continue;
    }
    const tag = element.tagName.toLowerCase();
    if (tag === 'label' && !element.control) continue;
    if (element.closest('[aria-hidden=true]')) continue;
    if (element.disabled && tag !== 'a') continue;
    if (isHiddenByStyle(element, view)) continue;
    if (!visiblePoint(element, doc, view, offsetX, offsetY, clipRect)) continue;
    let id = element.getAttribute(ATTR);
    if (id === null || !/^\d+$/.test(id)) {
      id = String(topWindow.__agoraSomNext++);
      // Written once everything is read: a write between two reads of the layout would
      // have the browser lay the page out again for each element (minutes on a big page).
      newIds.push([element, id]);
    }
    marked.add(element);
    const value = 'value' in element && typeof element.value === 'string' && tag !== 'button' ? element.value : null;
    const shown = ['input', 'textarea', 'select'].includes(tag) ? '' : clean(element.innerText);
    elements.push({
      id: Number(id),
      tag,
      role: element.getAttribute('role') || implicitRole(element),
      name: clip(accessibleName(element, doc, shown)),
      text: clip(shown),
      alt: clipOrNull(element.getAttribute('alt')),
      placeholder: clipOrNull(element.getAttribute('placeholder')),
      value: value === null ? null : clip(value),
      input_type: tag === 'input' ? (element.getAttribute('type') || 'text').toLowerCase() : null,
      bbox: { x: rect.left + offsetX, y: rect.top + offsetY, width: rect.width, height: rect.height },
      frame: framePath,
    });
  }
  // Static text outside interactables, in document order, deduplicated.
  const walker = doc.createTreeWalker(doc.body || doc.documentElement, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (texts.length >= MAX_TEXTS) {
      cut.texts_left_out = true;
      break;
    }
    // Cheapest tests first (a page of 200,000 buttons has 200,000 texts inside them).
    const parent = node.parentElement;
    if (!parent || interactables.has(parent) || SKIPPED_TEXT_PARENTS.has(parent.tagName)) continue;
    const text = clean(node.textContent);
    if (!text || seenText.has(text)) continue;
    const range = doc.createRange();
    range.selectNodeContents(node);
    const rect = range.getBoundingClientRect();
    if (rect.width < 1 || rect.height < 1 || rect.bottom <= 0 || rect.right <= 0 ||
        rect.top >= view.innerHeight || rect.left >= view.innerWidth) continue;
    if (parent.closest(INTERACTABLE) || parent.closest('[aria-hidden=true]')) continue;
    if (isHiddenByStyle(parent, view)) continue;
    seenText.add(text);
    texts.push(clip(text));
  }
  // Same-origin iframes, with their content offset.
  const frames = Array.from({ length: view.frames.length }, (_, index) => view.frames[index]);
  for (const iframe of doc.querySelectorAll('iframe, frame')) {
    let innerDoc;
    try { innerDoc = iframe.contentDocument; } catch (error) { innerDoc = null; }
    if (!innerDoc || !iframe.contentWindow) continue;
    const rect = iframe.getBoundingClientRect();
    if (rect.width < 1 || rect.height < 1 || isHiddenByStyle(iframe, view)) continue;
    const index = frames.indexOf(iframe.contentWindow);
    if (index < 0) continue;
    const innerX = offsetX + rect.left + iframe.clientLeft;
    const innerY = offsetY + rect.top + iframe.clientTop;
    const innerClip = {
      left: Math.max(clipRect.left, innerX), top: Math.max(clipRect.top, innerY),
      right: Math.min(clipRect.right, innerX + iframe.clientWidth), bottom: Math.min(clipRect.bottom, innerY + iframe.clientHeight),
    };
    collectFrame(innerDoc, iframe.contentWindow, innerX, innerY, innerClip, [...framePath, index], elements, texts, seenText);
  }
};

const elements = [];
const texts = [];
const newIds = [];
const viewportClip = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
collectFrame(document, window, 0, 0, viewportClip, [], elements, texts, new Set());
for (const [element, id] of newIds) element.setAttribute(ATTR, id);

return {
  elements,
  texts,
  url: clipTo(location.href, options.maxUrl),
  title: clipTo(document.title, options.maxTitle),
  viewport: { width: window.innerWidth, height: window.innerHeight },
  scroll: { x: window.scrollX, y: window.scrollY, height: document.documentElement.scrollHeight },
  blocked: document.querySelector('meta[name="agora-fence-blocked"]')?.getAttribute('content') || null,
  scale: window.devicePixelRatio || 1,
  stamp_before: stampBefore,
  stamp: settleState ? (settleState.lastStamp = settleState.stamp()) : null,
  script_ms: performance.now() - startedAt,
  cut: { ...cut, title_chars: document.title.length, url_chars: location.href.length },
};
