// The errors the WebUI site's capture script recorded in the page's own world (read apart
// from the measurement, which runs where page globals are out of reach).
return (window.__agoraPageErrors || []).slice(0, 20).map((error) => ({
  kind: String(error.kind),
  message: String(error.message).slice(0, 300),
}));
