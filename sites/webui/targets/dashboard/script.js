const figures = {
  week: { revenue: '$18,240', orders: '312', refunds: '9', customers: '58', period: 'week' },
  month: { revenue: '$74,905', orders: '1,288', refunds: '31', customers: '244', period: 'month' },
};
function show(range) {
  const data = figures[range];
  for (const key of ['revenue', 'orders', 'refunds', 'customers']) {
    document.getElementById(key).textContent = data[key];
  }
  document.querySelectorAll('.delta').forEach((delta) => {
    delta.textContent = delta.textContent.replace(/last (week|month)/, `last ${data.period}`);
  });
  document.getElementById('range-week').classList.toggle('active', range === 'week');
  document.getElementById('range-month').classList.toggle('active', range === 'month');
}
document.getElementById('range-week').addEventListener('click', () => show('week'));
document.getElementById('range-month').addEventListener('click', () => show('month'));
