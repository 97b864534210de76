let count = 0;
for (const button of document.querySelectorAll('.add')) {
  button.addEventListener('click', () => {
    count += 1;
    button.classList.add('added');
    button.textContent = 'Added';
    document.getElementById('cart').textContent = `Cart (${count})`;
  });
}
