const names = ['overview', 'specs', 'reviews'];
for (const name of names) {
  document.getElementById(`tab-${name}`).addEventListener('click', () => {
    for (const other of names) {
      document.getElementById(`tab-${other}`).classList.toggle('selected', other === name);
      document.getElementById(`panel-${other}`).hidden = other !== name;
    }
  });
}
