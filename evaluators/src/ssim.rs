//! Structural similarity with VWA's recipe: both images resized (Lanczos3) to the larger
//! width and height, converted to 8-bit luma like PIL's `convert("L")`, then scikit-image's
//! `structural_similarity` defaults (7×7 uniform window, K1 0.01, K2 0.03, data range 255,
//! sample covariance, mean over the region not touched by the border).
//!
//! Window sums come from integer summed-area tables, so the cost is linear in the pixel count
//! and exact.

use image::imageops::FilterType;
use image::{DynamicImage, GrayImage, RgbImage};

/// Side of the square window.
const WINDOW: usize = 7;
const K1: f64 = 0.01;
const K2: f64 = 0.03;
const DATA_RANGE: f64 = 255.0;

/// An image pair SSIM cannot be computed for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SsimError {
    /// scikit-image needs at least a 7×7 image.
    #[error("images of {width}×{height} are smaller than the 7×7 SSIM window")]
    TooSmall {
        /// Width after resizing.
        width: u32,
        /// Height after resizing.
        height: u32,
    },
}

/// VWA's `get_image_ssim`: the mean SSIM of two images of any sizes.
pub fn image_ssim(first: &DynamicImage, second: &DynamicImage) -> Result<f64, SsimError> {
    let (first, second) = common_size(first, second);
    gray_ssim(&luma(&first), &luma(&second))
}

/// Both images as RGB, resized (Lanczos3) to the larger width and height, as VWA compares them.
pub(crate) fn common_size(first: &DynamicImage, second: &DynamicImage) -> (RgbImage, RgbImage) {
    let width = first.width().max(second.width());
    let height = first.height().max(second.height());
    (
        resized(first, width, height),
        resized(second, width, height),
    )
}

fn resized(image: &DynamicImage, width: u32, height: u32) -> RgbImage {
    let rgb = image.to_rgb8();
    if rgb.dimensions() == (width, height) {
        rgb
    } else {
        image::imageops::resize(&rgb, width, height, FilterType::Lanczos3)
    }
}

/// PIL's RGB → L conversion (ITU-R 601-2 luma in 16-bit fixed point, rounded).
pub fn luma(image: &RgbImage) -> GrayImage {
    GrayImage::from_fn(image.width(), image.height(), |x, y| {
        let [r, g, b] = image.get_pixel(x, y).0;
        let value =
            (u32::from(r) * 19595 + u32::from(g) * 38470 + u32::from(b) * 7471 + 0x8000) >> 16;
        image::Luma([value.min(255) as u8])
    })
}

/// Mean SSIM of two grayscale images of the same size (scikit-image defaults).
pub fn gray_ssim(first: &GrayImage, second: &GrayImage) -> Result<f64, SsimError> {
    let (width, height) = first.dimensions();
    if first.dimensions() != second.dimensions()
        || (width as usize) < WINDOW
        || (height as usize) < WINDOW
    {
        return Err(SsimError::TooSmall {
            width: width.min(second.width()),
            height: height.min(second.height()),
        });
    }
    let (w, h) = (width as usize, height as usize);
    let tables = SumTables::new(first.as_raw(), second.as_raw(), w, h);
    let samples = (WINDOW * WINDOW) as f64;
    let covariance_norm = samples / (samples - 1.0);
    let c1 = (K1 * DATA_RANGE).powi(2);
    let c2 = (K2 * DATA_RANGE).powi(2);
    let mut total = 0.0;
    for top in 0..=h - WINDOW {
        for left in 0..=w - WINDOW {
            let [sx, sy, sxx, syy, sxy] = tables.window(left, top);
            let mean_x = sx as f64 / samples;
            let mean_y = sy as f64 / samples;
            let var_x = covariance_norm * (sxx as f64 / samples - mean_x * mean_x);
            let var_y = covariance_norm * (syy as f64 / samples - mean_y * mean_y);
            let cov = covariance_norm * (sxy as f64 / samples - mean_x * mean_y);
            let numerator = (2.0 * mean_x * mean_y + c1) * (2.0 * cov + c2);
            let denominator = (mean_x * mean_x + mean_y * mean_y + c1) * (var_x + var_y + c2);
            total += numerator / denominator;
        }
    }
    let count = ((w - WINDOW + 1) * (h - WINDOW + 1)) as f64;
    Ok(total / count)
}

/// Summed-area tables of x, y, x², y² and xy (row-major, one extra row and column of zeros).
struct SumTables {
    stride: usize,
    sums: Vec<[u64; 5]>,
}

impl SumTables {
    fn new(first: &[u8], second: &[u8], width: usize, height: usize) -> Self {
        let stride = width + 1;
        let mut sums = vec![[0u64; 5]; stride * (height + 1)];
        for y in 0..height {
            let mut row = [0u64; 5];
            for x in 0..width {
                let a = u64::from(first[y * width + x]);
                let b = u64::from(second[y * width + x]);
                for (sum, value) in row.iter_mut().zip([a, b, a * a, b * b, a * b]) {
                    *sum += value;
                }
                let above = sums[y * stride + x + 1];
                let cell = &mut sums[(y + 1) * stride + x + 1];
                for k in 0..5 {
                    cell[k] = above[k] + row[k];
                }
            }
        }
        SumTables { stride, sums }
    }

    fn window(&self, left: usize, top: usize) -> [i64; 5] {
        let at = |x: usize, y: usize| self.sums[y * self.stride + x];
        let (a, b, c, d) = (
            at(left, top),
            at(left + WINDOW, top),
            at(left, top + WINDOW),
            at(left + WINDOW, top + WINDOW),
        );
        let mut out = [0i64; 5];
        for k in 0..5 {
            out[k] = d[k] as i64 - b[k] as i64 - c[k] as i64 + a[k] as i64;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identical_images_score_one_and_inverted_score_low() {
        let image =
            GrayImage::from_fn(32, 24, |x, y| image::Luma([((x * 7 + y * 13) % 256) as u8]));
        assert!((gray_ssim(&image, &image).unwrap() - 1.0).abs() < 1e-12);
        let inverted = GrayImage::from_fn(32, 24, |x, y| {
            image::Luma([255 - image.get_pixel(x, y).0[0]])
        });
        assert!(gray_ssim(&image, &inverted).unwrap() < 0.0);
    }

    #[test]
    fn too_small_images_are_an_error() {
        let tiny = DynamicImage::new_rgb8(6, 40);
        assert!(matches!(
            image_ssim(&tiny, &tiny),
            Err(SsimError::TooSmall { .. })
        ));
    }

    #[test]
    fn luma_matches_pil_weights() {
        let image = RgbImage::from_fn(3, 1, |x, _| match x {
            0 => image::Rgb([255, 0, 0]),
            1 => image::Rgb([0, 255, 0]),
            _ => image::Rgb([0, 0, 255]),
        });
        assert_eq!(luma(&image).as_raw(), &vec![76, 150, 29]);
    }
}
