// The page's layout stamp now (see the settle instrumentation), to compare with the one the
// marking saw; null in a page without the instrumentation.
const state = window.__agoraSettle;
if (!state) return null;
state.lastStamp = state.stamp();
return state.lastStamp;
