// The review count from the "Reviews N" tab label of a Magento product page; 0 if absent.
const label = document.querySelector("#tab-label-reviews-title");
const value = label ? parseInt(label.innerText.split(" ")[1], 10) : NaN;
return Number.isNaN(value) ? 0 : value;
