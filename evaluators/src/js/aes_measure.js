// AES measurement in `correct` mode (evaluators/src/aes/state.rs), after aes_common.js: every
// visible element under <body>, with its box in document pixels, child count, AES annotations,
// and the computed value of each property in arguments[0]. `changed` says whether the element's
// outer HTML, box or values differ from the previous call on this document (remembered in a
// WeakMap on the window). At most arguments[1] elements; `truncated` says there were more.
const [names, limit] = arguments;
finishAnimations();
const seen = window.__agoraAesSeen || (window.__agoraAesSeen = new WeakMap());
const skipped = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'LINK', 'META', 'BR', 'HEAD', 'TITLE']);
const maxText = 500;

function text(element) {
  const raw = element.innerText || element.value || element.placeholder || element.alt || '';
  return String(raw).replace(/\s+/g, ' ').trim().slice(0, maxText);
}

function value(element, style, name, box) {
  switch (name) {
    case 'text': return text(element);
    case 'src': return element.currentSrc || element.getAttribute('src') || '';
    case 'width': return box.width + 'px';
    case 'height': return box.height + 'px';
    default: return style.getPropertyValue(name);
  }
}

const elements = [];
let truncated = false;
const all = document.body ? document.body.querySelectorAll('*') : [];
for (const element of all) {
  if (skipped.has(element.tagName) || element.closest('#__agora_overlay')) continue;
  const box = element.getBoundingClientRect();
  if (box.width <= 0 || box.height <= 0) continue;
  if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
  if (elements.length === limit) {
    truncated = true;
    break;
  }
  const style = getComputedStyle(element);
  const props = {};
  for (const name of names) props[name] = value(element, style, name, box);
  const rect = { x: box.left + window.scrollX, y: box.top + window.scrollY, width: box.width, height: box.height };
  const signature = element.outerHTML + '\u0000' + JSON.stringify(props) + JSON.stringify(rect);
  const changed = seen.get(element) !== signature;
  seen.set(element, signature);
  elements.push({
    tag: element.tagName.toLowerCase(),
    name: describe(element),
    rect,
    children: element.children.length,
    filter_by: element.getAttribute('data-filter-by'),
    eval_by: annotationNames(element),
    changed,
    props,
  });
}
return { elements, truncated };
