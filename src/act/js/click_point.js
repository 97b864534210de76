// Where a click on the element lands when its centre is covered: a visible, uncovered point
// of it (see visible_point.js), in the top page's viewport coordinates; null when the whole
// element is covered or out of view. Runs in the element's own frame.
const [element] = arguments;
let offsetX = 0;
let offsetY = 0;
for (let view = window; view.frameElement; view = view.parent) {
  const frame = view.frameElement.getBoundingClientRect();
  offsetX += frame.left + view.frameElement.clientLeft;
  offsetY += frame.top + view.frameElement.clientTop;
}
const viewport = { left: offsetX, top: offsetY, right: offsetX + window.innerWidth, bottom: offsetY + window.innerHeight };
const point = visiblePoint(element, document, window, offsetX, offsetY, viewport);
return point && { x: Math.round(point.x + offsetX), y: Math.round(point.y + offsetY) };
