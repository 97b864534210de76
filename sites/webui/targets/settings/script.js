for (const id of ['toggle-replies', 'toggle-summary']) {
  const toggle = document.getElementById(id);
  toggle.addEventListener('click', () => {
    const on = !toggle.classList.contains('on');
    toggle.classList.toggle('on', on);
    toggle.setAttribute('aria-pressed', String(on));
  });
}
document.getElementById('save-settings').addEventListener('click', () => {
  document.getElementById('saved-note').hidden = false;
});
