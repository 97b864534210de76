// The src attributes of the images a page_image_query looks at: every image when the class
// selector is empty, else each match that is an <img> and the <img>s inside the others.
const [selector] = arguments;
const images = [];
if (selector === "") {
  images.push(...document.querySelectorAll("img, [role='img']"));
} else {
  for (const element of document.querySelectorAll(selector)) {
    if (element.tagName === "IMG") {
      images.push(element);
    } else {
      images.push(...element.querySelectorAll("img"));
    }
  }
}
return images.map((image) => image.getAttribute("src")).filter((source) => source);
