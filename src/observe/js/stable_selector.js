// A CSS selector that matches the marked element first and alone, built only from what stays
// put when the page is marked again: its id, a naming attribute, its link's path, its
// classes, alone or under the nearest ancestors with an id. Never a position. null when
// nothing of that kind is unique.
// arguments: [mark, mark attribute name]
const [mark, attribute] = arguments;
const element = document.querySelector(`[${attribute}="${CSS.escape(String(mark))}"]`);
if (!element) return null;
const tag = element.tagName.toLowerCase();
const quote = (value) => JSON.stringify(value);
const unique = (selector) => {
  try {
    const found = document.querySelectorAll(selector);
    return found.length === 1 && found[0] === element;
  } catch (error) {
    return false;
  }
};
const own = [];
if (element.id) own.push(`#${CSS.escape(element.id)}`);
for (const name of ['name', 'aria-label', 'placeholder', 'title', 'alt']) {
  const value = element.getAttribute(name);
  if (value) own.push(`${tag}[${name}=${quote(value)}]`);
}
const classes = [...element.classList].map((name) => `.${CSS.escape(name)}`).join('');
const href = element.getAttribute('href');
if (href) {
  // The path and query only: the host differs from one episode to the next.
  const link = new URL(href, document.baseURI);
  const suffix = link.pathname + link.search + link.hash;
  if (suffix !== '/') {
    own.push(`${tag}[href$=${quote(suffix)}]`);
    // The title link of a result, beside its picture's link to the same page.
    if (classes) own.push(`${tag}${classes}[href$=${quote(suffix)}]`);
  }
}
if (classes) own.push(`${tag}${classes}`);
const type = element.getAttribute('type');
if (type) own.push(`${tag}[type=${quote(type)}]`);
own.push(tag);
for (const selector of own) {
  if (unique(selector)) return selector;
}
for (let ancestor = element.parentElement; ancestor; ancestor = ancestor.parentElement) {
  if (!ancestor.id) continue;
  for (const selector of own) {
    const scoped = `#${CSS.escape(ancestor.id)} ${selector}`;
    if (unique(scoped)) return scoped;
  }
}
return null;
