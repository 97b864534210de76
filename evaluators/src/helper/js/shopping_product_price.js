// The text of the final price of a Magento product page ("$1,299.50"), or null if absent;
// the number is read in Rust so each evaluation mode can parse it its own way.
const price = document.querySelector(
  "#maincontent > div.columns > div > div.product-info-main > div.product-info-price > div.price-box.price-final_price > span > span",
);
return price ? price.innerText : null;
