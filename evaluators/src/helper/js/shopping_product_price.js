// The final price of a Magento product page as a number (without the currency sign); 0 if absent.
const price = document.querySelector(
  "#maincontent > div.columns > div > div.product-info-main > div.product-info-price > div.price-box.price-final_price > span > span",
);
const value = price ? parseFloat(price.innerText.substr(1).replace(/,/g, "")) : NaN;
return Number.isNaN(value) ? 0 : value;
