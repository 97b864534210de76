for (const tile of document.querySelectorAll('.tile')) {
  tile.addEventListener('click', () => {
    document.querySelectorAll('.tile').forEach((other) => other.classList.toggle('chosen', other === tile));
    document.getElementById('selected').textContent = `Selected: ${tile.querySelector('figcaption').textContent}`;
  });
}
