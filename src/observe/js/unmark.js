// Removes the Set-of-Marks overlay so the page is exactly as the site rendered it.
document.getElementById('__agora_overlay')?.remove();
