document.getElementById('newsletter-join').addEventListener('click', () => {
  if (document.getElementById('newsletter-email').value.includes('@')) {
    document.getElementById('newsletter-note').hidden = false;
  }
});
