#!/usr/bin/env python3
"""Generate SSIM fixture image pairs and reference values computed exactly as VWA does.

VWA's get_image_ssim: resize both images to (max width, max height) with PIL LANCZOS,
convert("L"), then skimage.metrics.structural_similarity with library defaults.

The committed values were made with VWA's pins (scikit-image 0.22.0, Pillow 10.0.1, numpy
1.26); scikit-image 0.26 / Pillow 13 give the same values to 1e-16.

Usage: python3 scripts/ssim_reference.py  (needs: pip install scikit-image pillow numpy)
Writes evaluators/tests/fixtures/ssim/*.png and evaluators/tests/fixtures/ssim/reference.json.
"""

import json
from pathlib import Path

import numpy as np
from PIL import Image, ImageFilter
from skimage.metrics import structural_similarity

OUT = Path(__file__).resolve().parent.parent / "evaluators" / "tests" / "fixtures" / "ssim"


def vwa_ssim(first: Image.Image, second: Image.Image) -> float:
    size = (max(first.width, second.width), max(first.height, second.height))
    first = first.resize(size, Image.LANCZOS).convert("L")
    second = second.resize(size, Image.LANCZOS).convert("L")
    return float(structural_similarity(np.array(first), np.array(second), full=True)[0])


def scene(rng: np.random.Generator, width: int, height: int) -> Image.Image:
    """A smooth gradient with a few coloured rectangles and circles."""
    y, x = np.mgrid[0:height, 0:width]
    base = np.stack(
        [x * 255 // max(width - 1, 1), y * 255 // max(height - 1, 1), (x + y) * 127 // max(width + height, 1)],
        axis=-1,
    ).astype(np.float64)
    for _ in range(4):
        x0, y0 = rng.integers(0, width), rng.integers(0, height)
        x1, y1 = x0 + rng.integers(4, width // 2 + 5), y0 + rng.integers(4, height // 2 + 5)
        base[y0:y1, x0:x1] = rng.integers(0, 256, size=3)
    for _ in range(2):
        cx, cy, r = rng.integers(0, width), rng.integers(0, height), rng.integers(3, max(width, height) // 3 + 4)
        mask = (x - cx) ** 2 + (y - cy) ** 2 < r * r
        base[mask] = rng.integers(0, 256, size=3)
    return Image.fromarray(base.clip(0, 255).astype(np.uint8), "RGB")


def noisy(rng: np.random.Generator, image: Image.Image, sigma: float) -> Image.Image:
    array = np.asarray(image).astype(np.float64) + rng.normal(0, sigma, size=(image.height, image.width, 3))
    return Image.fromarray(array.clip(0, 255).astype(np.uint8), "RGB")


def shifted(image: Image.Image, dx: int, dy: int) -> Image.Image:
    return Image.fromarray(np.roll(np.asarray(image), (dy, dx), axis=(0, 1)), "RGB")


def recoloured(image: Image.Image) -> Image.Image:
    array = np.asarray(image)
    return Image.fromarray(array[:, :, [2, 0, 1]], "RGB")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(20240611)
    pairs = []

    def add(name: str, first: Image.Image, second: Image.Image) -> None:
        first.save(OUT / f"{name}_a.png")
        second.save(OUT / f"{name}_b.png")
        pairs.append({"name": name, "first": f"{name}_a.png", "second": f"{name}_b.png", "ssim": vwa_ssim(first, second)})

    sizes = [(64, 48), (120, 90), (33, 57), (200, 150), (96, 96)]
    for index, (width, height) in enumerate(sizes):
        image = scene(rng, width, height)
        add(f"identical_{index}", image, image.copy())
        add(f"noise_{index}", image, noisy(rng, image, 8 + 10 * index))
        add(f"blur_{index}", image, image.filter(ImageFilter.GaussianBlur(1 + index)))
        add(f"shift_{index}", image, shifted(image, 1 + index, index))
    add("colour_swap", scene(rng, 80, 60), recoloured(scene(np.random.default_rng(7), 80, 60)))
    add("unrelated", scene(rng, 100, 70), scene(rng, 100, 70))
    base = scene(rng, 128, 96)
    add("downscaled", base, base.resize((64, 48), Image.LANCZOS))
    add("upscaled", base.resize((50, 40), Image.BILINEAR), base)
    add("different_aspect", scene(rng, 90, 30), scene(rng, 40, 80))
    add("grayscale_vs_colour", base.convert("L").convert("RGB"), base)
    add("tiny_vs_large", scene(rng, 12, 9), scene(rng, 180, 140))
    add("noise_on_resized", base, noisy(rng, base.resize((100, 75), Image.LANCZOS), 5))

    (OUT / "reference.json").write_text(json.dumps(pairs, indent=2) + "\n")
    print(f"wrote {len(pairs)} pairs to {OUT}")


if __name__ == "__main__":
    main()
