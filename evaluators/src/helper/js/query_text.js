// get_query_text: the text content of the first element matching a selector, "" if none.
const [selector] = arguments;
try {
  return document.querySelector(selector).textContent;
} catch (error) {
  return "";
}
