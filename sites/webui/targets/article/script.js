document.getElementById('read-more').addEventListener('click', () => {
  document.getElementById('rest').hidden = false;
  document.getElementById('read-more').hidden = true;
});
