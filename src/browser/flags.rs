//! Every Chromium command-line flag Agora uses, in one place.

/// Flags for one agent browser: headless, quiet (no background traffic), its own profile,
/// and all traffic through the fence proxy (loopback included, so the control API is fenced too).
/// Chromium's sandbox stays on unless `no_sandbox` (only where it cannot work: see
/// `browser::sandbox`). chromedriver gives each browser a fresh profile of its own.
pub fn chromium_flags(fence_proxy: &str, no_sandbox: bool) -> Vec<String> {
    let mut flags: Vec<String> = vec![
        "--headless=new".into(),
        "--disable-gpu".into(),
        "--disable-dev-shm-usage".into(),
        "--disable-background-networking".into(),
        "--disable-component-update".into(),
        "--disable-sync".into(),
        "--disable-quic".into(),
        "--no-first-run".into(),
        "--no-default-browser-check".into(),
        "--disable-extensions".into(),
        "--disable-features=Translate,MediaRouter,OptimizationHints,HttpsUpgrades".into(),
        "--force-device-scale-factor=1".into(),
        "--hide-scrollbars".into(),
        "--mute-audio".into(),
        "--disable-breakpad".into(),
        "--disable-crash-reporter".into(),
        // Produce frames as soon as they are needed instead of at 60 Hz: a capture after an
        // action changed the page then waits for raster, not for the next frame tick.
        "--disable-frame-rate-limit".into(),
        // Scrolls jump to where they end (wheel, keys, and `scroll-behavior: smooth` too), as
        // VWA's `window.scrollBy` does, instead of animating for a few hundred milliseconds
        // that each scrolling step would wait out (a scroll a page animates from script is
        // waited for: see settle.rs).
        "--disable-smooth-scrolling".into(),
        "--disable-gpu-vsync".into(),
        format!("--proxy-server=http://{fence_proxy}"),
        // Chromium bypasses proxies for loopback unless told not to; the fence must see it all.
        "--proxy-bypass-list=<-loopback>".into(),
        // Every https connection ends at the fence, under its own certificate, with the block
        // page (`fence::tunnel`); no other server is reachable, so this trusts nothing else.
        "--ignore-certificate-errors".into(),
    ];
    if no_sandbox {
        flags.push("--no-sandbox".into());
    }
    flags
}
