const backdrop = document.getElementById('backdrop');
document.getElementById('open-dialog').addEventListener('click', () => { backdrop.hidden = false; });
document.getElementById('close-dialog').addEventListener('click', () => { backdrop.hidden = true; });
backdrop.addEventListener('click', (event) => {
  if (event.target === backdrop) backdrop.hidden = true;
});
