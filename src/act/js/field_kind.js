// What kind of field an element is as it stands in the page now, before `type`, `clear` or
// `select` touches it: { kind, what }. kind is 'plain' (an input or textarea that takes text),
// 'rich' (a contenteditable editor), 'select', 'file' (a file input) or 'other' (anything that
// takes no text); what names it for an error message ("a link (<a>)").
const element = arguments[0];
const tag = element.tagName.toLowerCase();
const ROLES = {
  a: 'a link',
  button: 'a button',
  img: 'an image',
  label: 'a label',
  li: 'a list item',
  option: 'an option',
  td: 'a table cell',
};
const NO_TEXT = ['button', 'checkbox', 'color', 'hidden', 'image', 'radio', 'range', 'reset', 'submit'];
if (tag === 'input') {
  const type = (element.getAttribute('type') || 'text').trim().toLowerCase();
  const what = `an <input type="${type}">`;
  if (type === 'file') return { kind: 'file', what };
  return { kind: NO_TEXT.includes(type) ? 'other' : 'plain', what };
}
if (tag === 'textarea') return { kind: 'plain', what: 'a <textarea>' };
if (tag === 'select') return { kind: 'select', what: 'a <select>' };
if (element.isContentEditable) return { kind: 'rich', what: `an editable <${tag}>` };
const role = element.getAttribute('role');
const what = ROLES[tag] ? `${ROLES[tag]} (<${tag}>)` : role ? `a ${role} (<${tag}>)` : `a <${tag}>`;
return { kind: 'other', what };
