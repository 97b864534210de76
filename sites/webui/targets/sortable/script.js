const rows = document.getElementById('rows');
const columns = { 'sort-team': 0, 'sort-points': 1, 'sort-goals': 2 };
for (const [id, column] of Object.entries(columns)) {
  document.getElementById(id).addEventListener('click', () => {
    const sorted = Array.from(rows.children).sort((a, b) => {
      const x = a.children[column].textContent;
      const y = b.children[column].textContent;
      return column === 0 ? x.localeCompare(y) : Number(y) - Number(x);
    });
    sorted.forEach((row) => rows.appendChild(row));
    for (const other of Object.keys(columns)) {
      document.getElementById(other).classList.toggle('sorted', other === id);
    }
  });
}
