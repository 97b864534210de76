const display = document.getElementById('display');
let total = 0;
let entry = '';
for (const digit of ['4', '5', '6', '7', '8', '9']) {
  document.getElementById(`key-${digit}`).addEventListener('click', () => {
    entry = entry === '0' ? digit : entry + digit;
    display.textContent = entry;
  });
}
document.getElementById('key-plus').addEventListener('click', () => {
  total += Number(entry || 0);
  entry = '';
  display.textContent = String(total);
});
document.getElementById('key-equals').addEventListener('click', () => {
  total += Number(entry || 0);
  entry = '';
  display.textContent = String(total);
  total = 0;
});
