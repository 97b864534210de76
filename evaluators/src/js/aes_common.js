// Shared by the AES measuring scripts (evaluators/src/aes.rs), which are appended to it.
// A state is measured at the end of its CSS transitions and finite animations (MageBench pauses
// a second after each action for them); infinite ones are left running.
function finishAnimations() {
  for (const animation of document.getAnimations()) {
    const timing = animation.effect ? animation.effect.getComputedTiming() : null;
    if (!timing || !Number.isFinite(timing.endTime)) continue;
    try {
      animation.finish();
    } catch (_) {
      // A paused animation with no playback rate cannot finish; it is measured as it is.
    }
  }
}

// `data-evalby` names, separated by `|` (MageBench's syntax), spaces or commas.
function annotationNames(element) {
  return (element.getAttribute('data-evalby') || '').split(/[|\s,]+/).filter(Boolean);
}

// A readable name for reports: `button#buy.primary`.
function describe(element) {
  let name = element.tagName.toLowerCase();
  if (element.id) name += '#' + element.id;
  for (const cls of Array.from(element.classList).slice(0, 3)) name += '.' + cls;
  return name;
}
