// The products of a Magento order page (#my-orders-table): one object per <tbody> with a
// key per cell (the cell's second class: name, sku, price, qty, subtotal) and, when the
// name cell holds a <dl>, its options as {label: value}. Returns null if the table is absent.
const table = document.querySelector("#my-orders-table");
if (!table) {
  return null;
}
const products = [];
for (const body of table.querySelectorAll("tbody")) {
  const product = {};
  for (const cell of body.querySelectorAll("td")) {
    const key = cell.className.split(" ")[1];
    if (!key) {
      continue;
    }
    product[key] = cell.innerText;
    const list = key === "name" ? cell.querySelector("dl") : null;
    if (list) {
      const options = {};
      const labels = list.querySelectorAll("dt");
      const values = list.querySelectorAll("dd");
      labels.forEach((label, index) => {
        if (values[index]) {
          options[label.innerText] = values[index].innerText;
        }
      });
      product.options = options;
    }
  }
  products.push(product);
}
return products;
