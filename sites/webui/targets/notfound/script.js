document.getElementById('home-link').addEventListener('mouseenter', () => {
  document.getElementById('suggestion').hidden = false;
});
