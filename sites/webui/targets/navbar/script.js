const button = document.getElementById('shop-menu');
const list = document.getElementById('shop-list');
button.addEventListener('click', () => {
  list.hidden = !list.hidden;
  button.classList.toggle('open', !list.hidden);
});
