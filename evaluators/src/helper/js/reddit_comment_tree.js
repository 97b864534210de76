// The comment tree of a Postmill submission page. The root stands for #main (its username is
// the first author link there); each comment node has username, net_score, content, time
// (milliseconds since the epoch) and the comments one level deeper as children.
const main = document.querySelector("#main");
if (!main) {
  return null;
}
const text = (element, selector) => {
  const found = element.querySelector(selector);
  return found ? found.innerText : "";
};
const build = (element, level) => {
  const node = {
    username: text(element, ".fg-inherit"),
    net_score: parseInt(text(element, ".vote__net-score"), 10) || 0,
    content: text(element, ".comment__content"),
    time: null,
    children: [],
  };
  const stamp = element.querySelector(".comment__main > header > h1 > span > time");
  if (stamp) {
    node.time = Date.parse(stamp.dateTime);
  }
  for (const child of element.querySelectorAll(`.comment[data-level="${level + 1}"]`)) {
    node.children.push(build(child, level + 1));
  }
  return node;
};
return build(main, 0);
