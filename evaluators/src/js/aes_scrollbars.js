// Which scrollbars the page would show if its browser had classic ones (`magebench` mode of
// AES, evaluators/src/aes/magebench.rs): [vertical, horizontal]. The viewport's overflow is
// the root's, or the body's when the root's is `visible`; `scroll` always shows one, `auto`
// and `visible` when the content overflows.
const root = document.documentElement;
const body = document.body;
function shows(axis, overflowing) {
  let overflow = getComputedStyle(root)['overflow' + axis];
  if (overflow === 'visible' && body) overflow = getComputedStyle(body)['overflow' + axis];
  return overflow === 'scroll' || ((overflow === 'auto' || overflow === 'visible') && overflowing);
}
return [shows('Y', root.scrollHeight > root.clientHeight), shows('X', root.scrollWidth > root.clientWidth)];
