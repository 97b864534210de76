// How many things the current page's origin keeps beyond cookies: local and session storage
// entries, caches, IndexedDB databases and service worker registrations
// (BrowserSession::origin_storage_entries).
return (async () => localStorage.length + sessionStorage.length
  + (globalThis.caches ? (await caches.keys()).length : 0)
  + (globalThis.indexedDB ? (await indexedDB.databases()).length : 0)
  + (navigator.serviceWorker ? (await navigator.serviceWorker.getRegistrations()).length : 0))();
