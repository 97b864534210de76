//! How much a picture looks like a photograph, in the four figures issue #50 measures real
//! listing, product and forum photos by: every picture is first scaled to 256 px on its
//! longer side, then
//!
//! - `flat`: the share of neighbouring pixel pairs (across and down) whose grey levels differ
//!   by less than one level (real photos: 0.30–0.36; drawings: 0.8 and more);
//! - `texture`: the median absolute high-pass of the grey image, each pixel against the mean
//!   of its four neighbours (real photos: 0.85–1.27);
//! - `colours`: distinct colours at 5 bits per channel (real photos: 1,270–1,560);
//! - `jpeg_bpp`: bits per pixel of the picture as a quality-85 JPEG (real photos: 1.70–2.12).

use image::codecs::jpeg::JpegEncoder;
use image::imageops::FilterType;
use image::{ImageEncoder, RgbImage};

/// The four photo statistics of one picture (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PhotoStats {
    /// Share of neighbouring pixel pairs with no visible change.
    pub flat: f64,
    /// Median absolute high-pass of the grey image.
    pub texture: f64,
    /// Distinct colours at 5 bits per channel.
    pub colours: usize,
    /// JPEG bits per pixel at quality 85.
    pub jpeg_bpp: f64,
}

/// The side pictures are scaled to before they are measured.
pub const STATS_SIDE: u32 = 256;

impl PhotoStats {
    /// Measures a picture given as 8-bit RGB pixels, row-major, `width`×`height`.
    pub fn of_rgb(rgb: &[u8], width: u32, height: u32) -> PhotoStats {
        let image = RgbImage::from_raw(width, height, rgb.to_vec()).unwrap_or_default();
        let scale = f64::from(STATS_SIDE) / f64::from(width.max(height).max(1));
        let (w, h) = (
            ((f64::from(width) * scale).round() as u32).max(1),
            ((f64::from(height) * scale).round() as u32).max(1),
        );
        let image = image::imageops::resize(&image, w, h, FilterType::Triangle);
        let (wu, hu) = (w as usize, h as usize);
        let grey: Vec<f64> = image
            .pixels()
            .map(|p| 0.299 * f64::from(p[0]) + 0.587 * f64::from(p[1]) + 0.114 * f64::from(p[2]))
            .collect();
        let mut pairs = 0usize;
        let mut flat = 0usize;
        for y in 0..hu {
            for x in 0..wu {
                let g = grey[y * wu + x];
                if x + 1 < wu {
                    pairs += 1;
                    flat += usize::from((g - grey[y * wu + x + 1]).abs() < 1.0);
                }
                if y + 1 < hu {
                    pairs += 1;
                    flat += usize::from((g - grey[(y + 1) * wu + x]).abs() < 1.0);
                }
            }
        }
        let mut high: Vec<f64> = Vec::with_capacity(wu * hu);
        for y in 1..hu.saturating_sub(1) {
            for x in 1..wu.saturating_sub(1) {
                let i = y * wu + x;
                let around = (grey[i - 1] + grey[i + 1] + grey[i - wu] + grey[i + wu]) / 4.0;
                high.push((grey[i] - around).abs());
            }
        }
        high.sort_by(f64::total_cmp);
        let texture = high.get(high.len() / 2).copied().unwrap_or(0.0);
        let mut seen = vec![false; 1 << 15];
        for p in image.pixels() {
            let key = (usize::from(p[0] >> 3) << 10)
                | (usize::from(p[1] >> 3) << 5)
                | usize::from(p[2] >> 3);
            seen[key] = true;
        }
        let colours = seen.iter().filter(|&&s| s).count();
        let mut jpeg = Vec::new();
        let bytes = JpegEncoder::new_with_quality(&mut jpeg, 85)
            .write_image(image.as_raw(), w, h, image::ExtendedColorType::Rgb8)
            .map(|()| jpeg.len())
            .unwrap_or(0);
        PhotoStats {
            flat: flat as f64 / pairs.max(1) as f64,
            texture,
            colours,
            jpeg_bpp: bytes as f64 * 8.0 / (f64::from(w) * f64::from(h)),
        }
    }

    /// Measures a PNG.
    pub fn of_png(png: &[u8]) -> Option<PhotoStats> {
        let image = image::load_from_memory(png).ok()?.to_rgb8();
        Some(PhotoStats::of_rgb(
            image.as_raw(),
            image.width(),
            image.height(),
        ))
    }

    /// The median of each statistic over `samples` (each taken on its own).
    pub fn median(samples: &[PhotoStats]) -> Option<PhotoStats> {
        fn mid(mut values: Vec<f64>) -> f64 {
            values.sort_by(f64::total_cmp);
            values[values.len() / 2]
        }
        if samples.is_empty() {
            return None;
        }
        Some(PhotoStats {
            flat: mid(samples.iter().map(|s| s.flat).collect()),
            texture: mid(samples.iter().map(|s| s.texture).collect()),
            colours: mid(samples.iter().map(|s| s.colours as f64).collect()) as usize,
            jpeg_bpp: mid(samples.iter().map(|s| s.jpeg_bpp).collect()),
        })
    }
}

impl std::fmt::Display for PhotoStats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "flat pairs {:.2}  high-pass {:.2}  colours {:5}  JPEG q85 {:.2} bpp",
            self.flat, self.texture, self.colours, self.jpeg_bpp
        )
    }
}
