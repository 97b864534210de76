// Shared by the Set-of-Marks script and the click fallback (scripts that start with this
// file): where an element can really be seen and clicked.
// Where a probe lands inside a rectangle: its centre first, then inset points around it.
const PROBES = [[0.5, 0.5], [0.25, 0.5], [0.75, 0.5], [0.5, 0.25], [0.5, 0.75],
  [0.15, 0.15], [0.85, 0.15], [0.15, 0.85], [0.85, 0.85]];

// Whether the topmost element at a point is `element` itself (or its content, or its label;
// not read from `element.labels`, which searches the whole document the first time).
const hitsElement = (element, hit) => !!hit && (hit === element || element.contains(hit) ||
  hit.contains(element) && hit.tagName === 'LABEL' ||
  hit.closest('label')?.control === element);

// A point (frame coordinates) of one of the element's client rects — each line of wrapped
// text is one — that lies inside the viewport and the frame's clip and is not covered by
// another element; null when there is none.
const visiblePoint = (element, doc, view, offsetX, offsetY, clipRect) => {
  for (const rect of element.getClientRects()) {
    const left = Math.max(rect.left, 0, clipRect.left - offsetX);
    const top = Math.max(rect.top, 0, clipRect.top - offsetY);
    const right = Math.min(rect.right, view.innerWidth, clipRect.right - offsetX);
    const bottom = Math.min(rect.bottom, view.innerHeight, clipRect.bottom - offsetY);
    if (right - left < 1 || bottom - top < 1) continue;
    for (const [fx, fy] of PROBES) {
      const x = left + (right - left) * fx;
      const y = top + (bottom - top) * fy;
      if (hitsElement(element, doc.elementFromPoint(x, y))) return { x, y };
    }
  }
  return null;
};

