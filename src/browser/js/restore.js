// Returns the page to exactly what the site rendered: removes the `data-agora-som`
// attributes (in same-origin frames too). The id counter is kept, so
// elements marked afterwards get new, higher ids.
const restore = (doc) => {
  doc.querySelectorAll('[data-agora-som]').forEach((element) => element.removeAttribute('data-agora-som'));
  doc.querySelectorAll('iframe, frame').forEach((frame) => {
    let inner = null;
    try { inner = frame.contentDocument; } catch (error) { inner = null; }
    if (inner) restore(inner);
  });
};
restore(document);
