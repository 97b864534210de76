// Finds the option of a <select> whose visible text or value matches (exactly, then
// case-insensitively). Returns { value } or { value: null, available }.
const [select, wanted] = arguments;
const options = [...select.options];
const norm = (text) => (text || '').replace(/\s+/g, ' ').trim();
const match =
  options.find((option) => norm(option.text) === norm(wanted) || option.value === wanted) ||
  options.find((option) => norm(option.text).toLowerCase() === norm(wanted).toLowerCase());
return match
  ? { value: match.value }
  : { value: null, available: options.map((option) => norm(option.text)).join(', ') };
