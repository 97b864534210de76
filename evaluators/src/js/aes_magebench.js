// AES measurement in `magebench` mode (evaluators/src/aes/magebench.rs), after aes_common.js:
// the page as MageBench's evaluator sees it through Selenium and chromedriver.
//   - Elements: every element under <body> whose WebDriver rect is larger than 0.1 px² and that
//     WebDriver calls displayed (only those with `data-filter-by` when arguments[1] is true).
//   - rect: WebDriver's element rect: the position of the bounding box in the document, the
//     size of offsetWidth × offsetHeight (the bounding box's for elements without offsets,
//     such as SVG shapes, or with both 0).
//   - descendants: how many elements are inside it.
//   - values: for each key of arguments[0], `text` is WebDriver's visible text, `@class` the
//     class attribute (null when absent), any other key the computed style as WebDriver's
//     CSS-value command reads it ('' when the style has no such property).
// At most arguments[2] elements; `truncated` says there were more.
const [keys, annotatedOnly, limit] = arguments;
finishAnimations();

const styles = new Map();
function style(element) {
  let computed = styles.get(element);
  if (!computed) {
    computed = getComputedStyle(element);
    styles.set(element, computed);
  }
  return computed;
}

function memo(compute) {
  const cache = new Map();
  return (element) => {
    if (!cache.has(element)) cache.set(element, compute(element));
    return cache.get(element);
  };
}

const upper = (element) => element.tagName.toUpperCase();

// No `display: none` on it or an ancestor.
const displayed = memo((element) => style(element).display !== 'none'
  && (!element.parentElement || displayed(element.parentElement)));

// Its opacity times its ancestors'.
const opacity = memo((element) => parseFloat(style(element).opacity)
  * (element.parentElement ? opacity(element.parentElement) : 1));

// A box with width and height, or (unless it clips with `overflow: hidden`) a text node or a
// child with one; a straight SVG path counts when it has a stroke.
const positiveSize = memo((element) => {
  const box = element.getBoundingClientRect();
  if (box.width > 0 && box.height > 0) return true;
  if (upper(element) === 'PATH' && (box.width > 0 || box.height > 0)) {
    const stroke = style(element).strokeWidth;
    return !!stroke && parseInt(stroke, 10) > 0;
  }
  return style(element).overflow !== 'hidden' && Array.from(element.childNodes).some((node) =>
    node.nodeType === Node.TEXT_NODE || (node.nodeType === Node.ELEMENT_NODE && positiveSize(node)));
});

const NONE = 0;
const SCROLL = 1;
const HIDDEN = 2;

// Whether the element lies outside a clipping ancestor: HIDDEN when an `overflow: hidden` axis
// (or a clipping ancestor of no size) cuts it off, SCROLL when a scrollable one has it out of
// view, NONE otherwise. The root never clips `visible` (it scrolls).
const overflowState = memo((element) => {
  const region = element.getBoundingClientRect();
  const root = document.documentElement;
  const body = document.body;
  const rootVisible = style(root).overflow === 'visible';
  let fixed = false;
  const clipper = (inner) => {
    const position = style(inner).position;
    if (position === 'fixed') {
      fixed = true;
      return inner === root ? null : root;
    }
    let parent = inner.parentElement;
    while (parent && parent !== root) {
      const display = style(parent).display;
      const inline = display.startsWith('inline') || display === 'contents';
      const skipsStatic = position === 'absolute' && style(parent).position === 'static';
      if (!inline && !skipsStatic) break;
      parent = parent.parentElement;
    }
    return parent;
  };
  const axes = (container) => {
    let source = container;
    if (rootVisible) {
      if (container === root && body) source = body;
      else if (container === body) return { x: 'visible', y: 'visible' };
    }
    const result = { x: style(source).overflowX, y: style(source).overflowY };
    if (container === root) {
      if (result.x === 'visible') result.x = 'auto';
      if (result.y === 'visible') result.y = 'auto';
    }
    return result;
  };
  const scrolled = (container) => (container === root
    ? { x: window.scrollX, y: window.scrollY }
    : { x: container.scrollLeft, y: container.scrollTop });
  const through = (container) => (overflowState(container) === HIDDEN ? HIDDEN : SCROLL);
  // WebDriver's client rect of <html> is the viewport (less its scrollbars), not its box:
  // a short page still shows what is fixed to the window below its end.
  const clientRect = (container) => {
    if (container !== root) return container.getBoundingClientRect();
    const viewport = document.compatMode === 'CSS1Compat' ? root : (body || root);
    return { left: 0, top: 0, width: viewport.clientWidth, height: viewport.clientHeight };
  };
  for (let container = clipper(element); container; container = clipper(container)) {
    const overflow = axes(container);
    if (overflow.x === 'visible' && overflow.y === 'visible') continue;
    const box = clientRect(container);
    if (box.width === 0 || box.height === 0) return HIDDEN;
    const beforeX = region.right < box.left;
    const beforeY = region.bottom < box.top;
    if ((beforeX && overflow.x === 'hidden') || (beforeY && overflow.y === 'hidden')) return HIDDEN;
    if ((beforeX && overflow.x !== 'visible') || (beforeY && overflow.y !== 'visible')) {
      const scroll = scrolled(container);
      const unreachableX = region.right < box.left - scroll.x;
      const unreachableY = region.bottom < box.top - scroll.y;
      if ((unreachableX && overflow.x !== 'visible') || (unreachableY && overflow.y !== 'visible')) return HIDDEN;
      return through(container);
    }
    const afterX = region.left >= box.left + box.width;
    const afterY = region.top >= box.top + box.height;
    if ((afterX && overflow.x === 'hidden') || (afterY && overflow.y === 'hidden')) return HIDDEN;
    if ((afterX && overflow.x !== 'visible') || (afterY && overflow.y !== 'visible')) {
      if (fixed) {
        const scroll = scrolled(container);
        if (region.left >= root.scrollWidth - scroll.x || region.right >= root.scrollHeight - scroll.y) return HIDDEN;
      }
      return through(container);
    }
  }
  return NONE;
});

// Clipped away, and so is every child that has a size.
const hiddenByOverflow = memo((element) => overflowState(element) === HIDDEN
  && Array.from(element.children).every((child) => hiddenByOverflow(child) || !positiveSize(child)));

// WebDriver's "is displayed".
function shownIgnoringOpacity(element, ignoreOpacity) {
  const tag = upper(element);
  if (tag === 'BODY') return true;
  if (tag === 'OPTION' || tag === 'OPTGROUP') {
    const select = element.closest('select');
    return !!select && shownIgnoringOpacity(select, true);
  }
  if (tag === 'INPUT' && String(element.type).toLowerCase() === 'hidden') return false;
  if (tag === 'NOSCRIPT') return false;
  const visibility = style(element).visibility;
  if (visibility === 'hidden' || visibility === 'collapse') return false;
  if (!displayed(element)) return false;
  if (!ignoreOpacity && opacity(element) === 0) return false;
  if (!positiveSize(element)) return false;
  return !hiddenByOverflow(element);
}
const shown = memo((element) => shownIgnoringOpacity(element, false));

// WebDriver's visible text: the text of shown elements, white space collapsed as their
// `white-space` says, `text-transform` applied, a line per block (display values other than the
// inline ones below), a space after each table cell, each line trimmed, no-break spaces as spaces.
const INLINE = new Set(['inline', 'inline-block', 'inline-table', 'none', 'table-cell', 'table-column', 'table-column-group']);
const blank = (text) => /^\s*$/.test(text);
const trimmed = (text) => text.replace(/^[^\S\xa0]+|[^\S\xa0]+$/g, '');

function appendText(raw, lines, whiteSpace, transform) {
  let text = raw.replace(/[\u200b\u200e\u200f]/g, '').replace(/\r\n|\r/g, '\n');
  if (whiteSpace === 'normal' || whiteSpace === 'nowrap') text = text.replace(/\n/g, ' ');
  if (whiteSpace === 'pre' || whiteSpace === 'pre-wrap') {
    text = text.replace(/[ \f\t\v\u2028\u2029]/g, '\xa0');
  } else {
    text = text.replace(/[ \f\t\v\u2028\u2029]+/g, ' ');
  }
  if (transform === 'capitalize') {
    text = text.replace(/(^|[^\d\p{L}\p{S}])([\p{Ll}\p{S}])/gu, (_, before, letter) => before + letter.toUpperCase());
  } else if (transform === 'uppercase') {
    text = text.toUpperCase();
  } else if (transform === 'lowercase') {
    text = text.toLowerCase();
  }
  const current = lines.pop();
  if (current.endsWith(' ') && text.startsWith(' ')) text = text.slice(1);
  lines.push(current + text);
}

function appendLines(element, lines) {
  const tag = upper(element);
  if (tag === 'BR') {
    lines.push('');
    return;
  }
  const display = style(element).display;
  const cell = tag === 'TD' || display === 'table-cell';
  const block = tag !== 'TD' && !INLINE.has(display);
  if (block && !blank(lines[lines.length - 1])) lines.push('');
  const visible = shown(element);
  const whiteSpace = visible ? style(element).whiteSpace : null;
  const transform = visible ? style(element).textTransform : null;
  for (const node of element.childNodes) {
    if (node.nodeType === Node.TEXT_NODE && visible) appendText(node.nodeValue, lines, whiteSpace, transform);
    else if (node.nodeType === Node.ELEMENT_NODE) appendLines(node, lines);
  }
  const line = lines[lines.length - 1];
  if (cell && line && !line.endsWith(' ')) lines[lines.length - 1] = line + ' ';
  if (block && !blank(line)) lines.push('');
}

function visibleText(element) {
  const lines = [''];
  appendLines(element, lines);
  return trimmed(lines.map(trimmed).join('\n')).replace(/\xa0/g, ' ');
}

function cssValue(element, name) {
  const computed = style(element);
  const camel = name.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());
  return computed[camel] || computed.getPropertyValue(name) || '';
}

function read(element, key) {
  if (key === 'text') return visibleText(element);
  if (key === '@class') return element.getAttribute('class');
  return cssValue(element, key);
}

// WebDriver's element rect.
function rectOf(element) {
  const box = element.getBoundingClientRect();
  let width = element.offsetWidth;
  let height = element.offsetHeight;
  if (width === undefined || (width === 0 && height === 0)) {
    width = box.width;
    height = box.height;
  }
  return { x: box.left + window.scrollX, y: box.top + window.scrollY, width, height };
}

const elements = [];
let truncated = false;
const all = document.body ? document.body.querySelectorAll(annotatedOnly ? '[data-filter-by]' : '*') : [];
for (const element of all) {
  if (element.closest('#__agora_overlay')) continue;
  const rect = rectOf(element);
  if (!(rect.width * rect.height > 0.1) || !shown(element)) continue;
  if (elements.length === limit) {
    truncated = true;
    break;
  }
  const values = {};
  for (const key of keys) values[key] = read(element, key);
  elements.push({
    name: describe(element),
    rect,
    descendants: element.getElementsByTagName('*').length,
    filter_by: element.getAttribute('data-filter-by'),
    eval_by: annotationNames(element),
    values,
  });
}
return { elements, truncated };
