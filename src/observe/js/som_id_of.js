// The Set-of-Marks id of the first element matching a CSS selector in the top document, or
// null when nothing matches or the match is not marked.
// arguments: [selector, id attribute name]
const [selector, attribute] = arguments;
const element = document.querySelector(selector);
return element ? element.getAttribute(attribute) : null;
