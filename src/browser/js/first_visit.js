// Run on about:blank before a first visit (BrowserSession::open_as_first_visit): the window's
// name outlives navigations, so a page could leave a mark in it; a first visit finds none.
window.name = '';
