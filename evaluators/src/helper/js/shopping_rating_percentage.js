// The product rating as a percentage, read from the title of .rating-result ("80%"); 0 if absent.
const rating = document.querySelector(".rating-result");
const value = rating ? parseFloat((rating.getAttribute("title") || "").replace("%", "")) : NaN;
return Number.isNaN(value) ? 0 : value;
