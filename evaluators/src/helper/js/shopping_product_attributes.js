// Values of the product-details rows whose label contains one of the (lower-case) terms,
// joined by ", "; "" when the table is absent.
const [terms] = arguments;
const body = document.querySelector("#productDetails_detailBullets_sections1 > tbody");
if (!body) {
  return "";
}
const values = [];
for (const row of body.rows) {
  const cells = row.querySelectorAll("th, td");
  if (cells.length < 2) {
    continue;
  }
  const label = cells[0].innerText.toLowerCase();
  if (terms.some((term) => label.includes(term))) {
    values.push(cells[1].innerText);
  }
}
return values.join(", ");
