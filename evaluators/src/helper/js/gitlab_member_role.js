// The max role of a GitLab project member (WebArena's members table); "" if not listed.
const [account] = arguments;
const names = document.querySelectorAll("td[data-label='Account'] span.gl-avatar-labeled-sublabel");
const roles = document.querySelectorAll("td.col-max-role span");
for (let index = 0; index < names.length; index += 1) {
  if (names[index].innerText.includes(account) && roles[index]) {
    return roles[index].innerText;
  }
}
return "";
