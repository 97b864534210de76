// Injected at the top of every HTML page the WebUI site serves: records uncaught errors,
// unhandled rejections and failed resource loads in window.__agoraPageErrors (read by the
// agent's observation and by the AES evaluator: a page that throws on load scores 0).
(() => {
  const errors = [];
  const limit = 50;
  Object.defineProperty(window, '__agoraPageErrors', { value: errors });
  const record = (kind, message) => {
    if (errors.length < limit) errors.push({ kind, message: String(message).slice(0, 500) });
  };
  window.addEventListener('error', (event) => {
    const element = event.target;
    if (element && element !== window && element.tagName) {
      const url = element.src || element.href || '';
      record('resource', `${element.tagName.toLowerCase()} failed to load ${url}`);
      return;
    }
    const where = event.filename ? ` (${event.filename.split('/').pop()}:${event.lineno})` : '';
    record('exception', `${event.message}${where}`);
  }, true);
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason;
    record('exception', `unhandled rejection: ${reason && reason.message ? reason.message : reason}`);
  });
})();
