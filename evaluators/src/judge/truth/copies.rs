//! Copies of a task's input images: an agent that uploads a task's input image to a site (a
//! forum post, a listing's photo) makes the site serve an upload, which no site drew; the
//! ground-truth judge still answers for it when it is a copy of an input image whose spec the
//! task records (`agora.input_pictures`).
//!
//! A copy is recognised by its look, so it survives whatever the site or the browser did to
//! the bytes (re-encoding as PNG or JPEG, resizing, a colour profile dropped): both images
//! are reduced to a 16 × 16 grid of mean colours, and a copy has the same shape (aspect
//! ratio within [`MAX_ASPECT_DIFFERENCE`]) and a mean difference per channel of at most
//! [`MAX_MEAN_DIFFERENCE`] of 255. Two different drawings of the kit (another colour of the
//! same model, another scene) differ by far more; a crop or an edit is not a copy.

use image::DynamicImage;

/// The grid's side.
const GRID: u32 = 16;
/// The largest mean difference per channel (of 255) between a copy's grid and the input's.
pub const MAX_MEAN_DIFFERENCE: f64 = 10.0;
/// The largest relative difference between a copy's aspect ratio and the input's.
pub const MAX_ASPECT_DIFFERENCE: f64 = 0.03;

/// An image's look: its aspect ratio and grid of mean colours.
#[derive(Debug, Clone, PartialEq)]
pub struct Look {
    aspect: f64,
    grid: Vec<u8>,
}

impl Look {
    /// The look of `image` (an empty image has none).
    pub fn of(image: &DynamicImage) -> Option<Look> {
        if image.width() == 0 || image.height() == 0 {
            return None;
        }
        let grid = image.thumbnail_exact(GRID, GRID).to_rgb8().into_raw();
        Some(Look {
            aspect: f64::from(image.width()) / f64::from(image.height()),
            grid,
        })
    }

    /// The mean difference per channel between two grids (0–255).
    pub fn difference(&self, other: &Look) -> f64 {
        let total: u64 = self
            .grid
            .iter()
            .zip(&other.grid)
            .map(|(a, b)| u64::from(a.abs_diff(*b)))
            .sum();
        total as f64 / self.grid.len().max(1) as f64
    }

    /// Whether `other` is a copy of this image (resized or re-encoded).
    pub fn is_copy(&self, other: &Look) -> bool {
        (self.aspect - other.aspect).abs() / self.aspect <= MAX_ASPECT_DIFFERENCE
            && self.difference(other) <= MAX_MEAN_DIFFERENCE
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{ImageFormat, Rgb, RgbImage};

    fn drawing(colour: [u8; 3]) -> DynamicImage {
        let mut image = RgbImage::from_pixel(320, 240, Rgb([235, 235, 230]));
        for y in 60..180 {
            for x in 80..260 {
                image.put_pixel(x, y, Rgb(colour));
            }
        }
        DynamicImage::ImageRgb8(image)
    }

    #[test]
    fn a_resized_reencoded_copy_is_one_and_another_colour_or_shape_is_not() {
        let input = drawing([200, 30, 30]);
        let look = Look::of(&input).unwrap();
        let mut jpeg = Vec::new();
        input
            .resize_exact(160, 120, image::imageops::FilterType::Triangle)
            .to_rgb8()
            .write_to(&mut std::io::Cursor::new(&mut jpeg), ImageFormat::Jpeg)
            .unwrap();
        let copy = image::load_from_memory(&jpeg).unwrap();
        assert!(look.is_copy(&Look::of(&copy).unwrap()));
        let blue = Look::of(&drawing([30, 30, 200])).unwrap();
        assert!(!look.is_copy(&blue), "{}", look.difference(&blue));
        let square =
            Look::of(&input.resize_exact(240, 240, image::imageops::FilterType::Triangle)).unwrap();
        assert!(!look.is_copy(&square), "another shape is not a copy");
    }
}
