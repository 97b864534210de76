// Removes the Set-of-Marks overlay (drawn by observe/js/som.js) so the page is exactly as the
// site rendered it.
document.getElementById('__agora_overlay')?.remove();
