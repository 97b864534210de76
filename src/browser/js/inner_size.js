// The current window's inner size in CSS pixels (BrowserSession::inner_size).
return [window.innerWidth, window.innerHeight];
