// The boxes of the <img> elements that meet the viewport, and whether each is broken
// (`agora bench paint`).
const [w, h] = [innerWidth, innerHeight];
return [...document.images].map((image) => [image, image.getBoundingClientRect()])
  .filter(([image, box]) => box.width >= 8 && box.height >= 8 && box.bottom > 0 && box.right > 0
    && box.top < h && box.left < w && getComputedStyle(image).visibility !== 'hidden')
  .map(([image, box]) => ({ x: box.left, y: box.top, width: box.width, height: box.height,
    broken: image.complete && image.naturalWidth === 0, src: image.currentSrc }));
