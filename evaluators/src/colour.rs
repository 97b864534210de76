//! Colour agreement of two images, for `correct` mode's image match: VWA's SSIM runs on
//! greyscale, so a red and a blue car of the same drawing look alike to it. Here both images
//! are resized as for SSIM and compared pixel by pixel in CIELAB (D65); the result is the
//! share of pixels whose colours differ by more than [`DIFFERENT_COLOUR_DELTA_E`].

use crate::ssim::common_size;
use image::DynamicImage;
#[cfg(test)]
use image::RgbImage;

/// CIE76 ΔE above which two pixels show different colours. About 2 is barely noticeable;
/// neighbouring named colours (red and orange, blue and light blue) lie 30 or more apart,
/// while re-encoding and resizing move flat colours by well under 10.
pub const DIFFERENT_COLOUR_DELTA_E: f32 = 20.0;

/// The share of pixels (0 to 1) whose colours differ by more than
/// [`DIFFERENT_COLOUR_DELTA_E`], after both images are resized to the larger width and height.
pub fn different_colour_share(first: &DynamicImage, second: &DynamicImage) -> f64 {
    let (first, second) = common_size(first, second);
    let pixels = first.pixels().len();
    if pixels == 0 {
        return 0.0;
    }
    let limit = DIFFERENT_COLOUR_DELTA_E * DIFFERENT_COLOUR_DELTA_E;
    let linear = linear_table();
    let differing = first
        .pixels()
        .zip(second.pixels())
        .filter(|(a, b)| {
            let (a, b) = (lab(a.0, &linear), lab(b.0, &linear));
            let squared: f32 = a.iter().zip(b).map(|(x, y)| (x - y) * (x - y)).sum();
            squared > limit
        })
        .count();
    differing as f64 / pixels as f64
}

/// sRGB component (0–255) → linear light (0–1).
fn linear_table() -> [f32; 256] {
    std::array::from_fn(|index| {
        let value = index as f32 / 255.0;
        if value <= 0.04045 {
            value / 12.92
        } else {
            ((value + 0.055) / 1.055).powf(2.4)
        }
    })
}

/// An sRGB pixel in CIELAB under D65: [L*, a*, b*].
fn lab([r, g, b]: [u8; 3], linear: &[f32; 256]) -> [f32; 3] {
    let (r, g, b) = (
        linear[usize::from(r)],
        linear[usize::from(g)],
        linear[usize::from(b)],
    );
    let x = (0.412_456_4 * r + 0.357_576_1 * g + 0.180_437_5 * b) / 0.950_47;
    let y = 0.212_672_9 * r + 0.715_152_2 * g + 0.072_175 * b;
    let z = (0.019_333_9 * r + 0.119_192 * g + 0.950_304_1 * b) / 1.088_83;
    let f = |t: f32| {
        if t > 216.0 / 24_389.0 {
            t.cbrt()
        } else {
            (24_389.0 / 27.0 * t + 16.0) / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lab_of_primaries_matches_the_standard_values() {
        let linear = linear_table();
        let white = lab([255, 255, 255], &linear);
        assert!((white[0] - 100.0).abs() < 0.05 && white[1].abs() < 0.05 && white[2].abs() < 0.05);
        let red = lab([255, 0, 0], &linear);
        for (ours, reference) in red.iter().zip([53.24, 80.09, 67.20]) {
            assert!((ours - reference).abs() < 0.1, "{red:?}");
        }
        let blue = lab([0, 0, 255], &linear);
        for (ours, reference) in blue.iter().zip([32.30, 79.19, -107.86]) {
            assert!((ours - reference).abs() < 0.1, "{blue:?}");
        }
    }

    #[test]
    fn the_share_counts_pixels_of_another_colour() {
        let red = DynamicImage::ImageRgb8(RgbImage::from_fn(20, 10, |x, _| {
            if x < 5 {
                image::Rgb([200, 30, 30])
            } else {
                image::Rgb([128, 128, 128])
            }
        }));
        let blue = DynamicImage::ImageRgb8(RgbImage::from_fn(20, 10, |x, _| {
            if x < 5 {
                image::Rgb([30, 30, 200])
            } else {
                image::Rgb([128, 128, 128])
            }
        }));
        assert_eq!(different_colour_share(&red, &red), 0.0);
        assert!((different_colour_share(&red, &blue) - 0.25).abs() < 1e-9);
    }
}
