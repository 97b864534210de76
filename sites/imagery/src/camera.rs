//! The camera a picture is taken with: what happens to the light between the scene and the
//! file. Surface and light unevenness, lens softness and vignetting, exposure and a filmic
//! tone curve, white balance, sensor noise that grows with the signal, and the JPEG a phone
//! or a shop's pipeline saves — each a pure function of the picture's seed, so the same
//! picture always gives the same bytes.
//!
//! This is the last stage of the photographic renderer (issue #50); [`crate::stats`] measures
//! what it changes.

use image::ImageEncoder;
use image::codecs::jpeg::JpegEncoder;
use tiny_skia::Pixmap;

use crate::picture::Picture;
use crate::spec::Backdrop;

/// Who took the picture, which sets how much camera shows in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shot {
    /// A shop's catalogue shot: studio light, a good sensor, little noise, careful colour.
    Catalogue,
    /// A phone in someone's hand: uneven light, vignetting, visible noise, drifting white
    /// balance, a phone's JPEG.
    Phone,
    /// A picture made on a computer and posted (a chart): only the JPEG it was saved as.
    Screenshot,
}

impl Shot {
    /// The shot a picture is taken as: products on a studio sweep are catalogue shots,
    /// charts are posted screenshots, everything else comes from a phone.
    pub fn of(picture: &Picture) -> Shot {
        match picture {
            Picture::Product(spec) if spec.backdrop == Backdrop::Studio => Shot::Catalogue,
            Picture::Chart(_) => Shot::Screenshot,
            _ => Shot::Phone,
        }
    }
}

/// How strongly each effect shows in a shot.
struct Camera {
    /// Relative amplitude of the slow unevenness of light and surfaces.
    unevenness: f32,
    /// Relative amplitude of surface micro-texture (paper, paint, fabric grain).
    grain: f32,
    /// Share of light lost in the corners.
    vignette: f32,
    /// Weight of the lens blur (0: none, 1: a full 3×3 binomial blur).
    softness: f32,
    /// Sensor noise: variance in grey levels² at black, and its growth per level.
    noise: (f32, f32),
    /// Exposure factor.
    exposure: f32,
    /// White balance gains (red, green, blue).
    balance: [f32; 3],
    /// JPEG quality the picture is saved at (0: not saved as JPEG).
    quality: u8,
}

impl Camera {
    fn new(shot: Shot, seed: u64) -> Camera {
        let mut rng = SplitMix(seed ^ 0x5ca1_ab1e_c0ff_ee00);
        let mut between = |lo: f32, hi: f32| lo + (hi - lo) * rng.unit();
        match shot {
            Shot::Catalogue => {
                let warm = between(-0.012, 0.012);
                Camera {
                    unevenness: 0.02,
                    grain: 0.006,
                    vignette: between(0.02, 0.07),
                    softness: 0.45,
                    noise: (0.5, 0.008),
                    exposure: between(0.98, 1.03),
                    balance: [1.0 + warm, 1.0, 1.0 - warm],
                    quality: 90,
                }
            }
            Shot::Phone => {
                let warm = between(-0.04, 0.05);
                let tint = between(-0.012, 0.012);
                Camera {
                    unevenness: between(0.04, 0.07),
                    grain: between(0.018, 0.03),
                    vignette: between(0.1, 0.22),
                    softness: between(0.5, 0.9),
                    noise: (between(1.2, 3.0), between(0.015, 0.03)),
                    exposure: between(0.93, 1.06),
                    balance: [1.0 + warm, 1.0 + tint, 1.0 - warm],
                    quality: 84,
                }
            }
            Shot::Screenshot => Camera {
                unevenness: 0.0,
                grain: 0.0,
                vignette: 0.0,
                softness: 0.0,
                noise: (0.0, 0.0),
                exposure: 1.0,
                balance: [1.0; 3],
                quality: 88,
            },
        }
    }
}

/// A small deterministic generator (SplitMix64).
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        mix(self.0)
    }

    /// Uniform in [0, 1).
    fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 24) as f32
    }
}

/// SplitMix64's finaliser: a well-mixed hash of one word.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A hash of a lattice point, uniform in [-1, 1].
fn lattice(x: i64, y: i64, seed: u64) -> f32 {
    let h = mix(seed
        ^ (x as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
        ^ (y as u64).wrapping_mul(0xc2b2_ae3d_27d4_eb4f));
    (h >> 40) as f32 / (1u64 << 23) as f32 - 1.0
}

/// Smooth value noise in [-1, 1] with lattice period `period` pixels.
fn value_noise(x: f32, y: f32, period: f32, seed: u64) -> f32 {
    let (fx, fy) = (x / period, y / period);
    let (x0, y0) = (fx.floor(), fy.floor());
    let (tx, ty) = (fx - x0, fy - y0);
    let (sx, sy) = (tx * tx * (3.0 - 2.0 * tx), ty * ty * (3.0 - 2.0 * ty));
    let (ix, iy) = (x0 as i64, y0 as i64);
    let a = lattice(ix, iy, seed);
    let b = lattice(ix + 1, iy, seed);
    let c = lattice(ix, iy + 1, seed);
    let d = lattice(ix + 1, iy + 1, seed);
    let top = a + (b - a) * sx;
    let bottom = c + (d - c) * sx;
    top + (bottom - top) * sy
}

/// A normal deviate from a hash (sum of four uniforms; σ = 1).
fn gaussian(hash: u64) -> f32 {
    let u = |shift: u32| ((hash >> shift) & 0xffff) as f32 / 65535.0;
    (u(0) + u(16) + u(32) + u(48) - 2.0) * 1.732_050_8
}

/// Takes the picture: develops the pixmap's clean render through the camera `shot` names,
/// seeded by `seed`, and returns the 8-bit RGB pixels as saved (after the JPEG round trip).
pub(crate) fn develop(pixmap: &Pixmap, shot: Shot, seed: u64) -> Vec<u8> {
    let (w, h) = (pixmap.width() as usize, pixmap.height() as usize);
    let camera = Camera::new(shot, seed);
    let mut rgb: Vec<f32> = pixmap
        .data()
        .chunks_exact(4)
        .flat_map(|px| [f32::from(px[0]), f32::from(px[1]), f32::from(px[2])])
        .collect();
    if camera.softness > 0.0 {
        soften(&mut rgb, w, h, camera.softness);
    }
    let side = w.max(h) as f32;
    let (cx, cy) = (w as f32 / 2.0, h as f32 / 2.0);
    let corner = cx * cx + cy * cy;
    let light_seed = seed ^ 0x0123_4567_89ab_cdef;
    let grain_seed = seed ^ 0x0fed_cba9_8765_4321;
    let noise_seed = seed ^ 0x7777_3333_5555_1111;
    for y in 0..h {
        for x in 0..w {
            let (xf, yf) = (x as f32, y as f32);
            let slow = camera.unevenness
                * (0.65 * value_noise(xf, yf, side / 3.0, light_seed)
                    + 0.35 * value_noise(xf, yf, side / 9.0, light_seed ^ 1));
            let grain = camera.grain
                * (0.6 * value_noise(xf, yf, side / 90.0 + 1.5, grain_seed)
                    + 0.4 * value_noise(xf, yf, 1.3, grain_seed ^ 1));
            let r2 = ((xf - cx).powi(2) + (yf - cy).powi(2)) / corner;
            let gain = camera.exposure
                * (1.0 + slow + grain)
                * (1.0 - camera.vignette * r2 * r2.sqrt().max(r2));
            let hash = mix(noise_seed ^ ((y as u64) << 32 | x as u64));
            let luma_noise = gaussian(hash);
            let chroma = gaussian(mix(hash));
            let i = (y * w + x) * 3;
            for c in 0..3 {
                let v = tone(rgb[i + c] * gain * camera.balance[c]);
                let sigma = (camera.noise.0 + camera.noise.1 * v).sqrt();
                let own = if c == 1 {
                    -chroma
                } else {
                    chroma * (c as f32 - 1.0)
                };
                rgb[i + c] = v + sigma * (0.85 * luma_noise + 0.35 * own);
            }
        }
    }
    let bytes: Vec<u8> = rgb
        .iter()
        .map(|v| v.round().clamp(0.0, 255.0) as u8)
        .collect();
    if camera.quality == 0 {
        return bytes;
    }
    jpeg_round_trip(&bytes, w as u32, h as u32, camera.quality).unwrap_or(bytes)
}

/// A gentle filmic shoulder: highlights roll off instead of clipping flat.
fn tone(v: f32) -> f32 {
    if v <= 200.0 {
        v
    } else {
        let over = (v - 200.0) / 55.0;
        200.0 + 55.0 * (over / (1.0 + 0.35 * over))
    }
}

/// Mixes a 3×3 binomial blur of `rgb` in by `weight`: a lens is never razor sharp.
fn soften(rgb: &mut [f32], w: usize, h: usize, weight: f32) {
    let mut across = rgb.to_vec();
    for y in 0..h {
        for x in 0..w {
            let (l, r) = (x.saturating_sub(1), (x + 1).min(w - 1));
            for c in 0..3 {
                let at = |xx: usize| rgb[(y * w + xx) * 3 + c];
                across[(y * w + x) * 3 + c] = (at(l) + 2.0 * at(x) + at(r)) / 4.0;
            }
        }
    }
    for y in 0..h {
        let (u, d) = (y.saturating_sub(1), (y + 1).min(h - 1));
        for x in 0..w {
            for c in 0..3 {
                let at = |yy: usize| across[(yy * w + x) * 3 + c];
                let blurred = (at(u) + 2.0 * at(y) + at(d)) / 4.0;
                let i = (y * w + x) * 3 + c;
                rgb[i] += (blurred - rgb[i]) * weight;
            }
        }
    }
}

/// Saves as a JPEG at `quality` and reads it back, as a camera's file would be.
fn jpeg_round_trip(rgb: &[u8], width: u32, height: u32, quality: u8) -> Option<Vec<u8>> {
    let mut jpeg = Vec::new();
    JpegEncoder::new_with_quality(&mut jpeg, quality)
        .write_image(rgb, width, height, image::ExtendedColorType::Rgb8)
        .ok()?;
    let decoded = image::load_from_memory_with_format(&jpeg, image::ImageFormat::Jpeg).ok()?;
    Some(decoded.to_rgb8().into_raw())
}

/// Multiplies every pixel's colour by `factor(x, y)` (premultiplied: kept within alpha).
fn modulate(pixmap: &mut Pixmap, factor: impl Fn(f32, f32, [u8; 4]) -> f32) {
    let w = pixmap.width() as usize;
    for (i, px) in pixmap.data_mut().chunks_exact_mut(4).enumerate() {
        if px[3] == 0 {
            continue;
        }
        let f = factor((i % w) as f32, (i / w) as f32, [px[0], px[1], px[2], px[3]]);
        for c in 0..3 {
            px[c] = (f32::from(px[c]) * f).round().clamp(0.0, f32::from(px[3])) as u8;
        }
    }
}

/// Gives a backdrop's surfaces their own texture: paper for a studio sweep; plaster walls
/// and wood-grained planks (running towards the room's vanishing point) for a room; paving
/// grit and foliage outdoors.
pub(crate) fn texture_backdrop(pixmap: &mut Pixmap, backdrop: Backdrop, seed: u64) {
    let (w, h) = (pixmap.width() as f32, pixmap.height() as f32);
    let floor = h * backdrop.floor();
    let s = seed ^ 0x00ba_c0d0_0000_0001;
    let fine = (w.max(h) / 640.0).max(0.5);
    match backdrop {
        Backdrop::Studio => modulate(pixmap, |x, y, _| {
            1.0 + 0.008 * value_noise(x, y, 1.6 * fine, s) + 0.01 * value_noise(x, y, 40.0, s ^ 1)
        }),
        Backdrop::Room => {
            let skirting = floor - h * 0.16;
            let board = skirting + h * 0.025;
            let vanish = board - h * 0.9;
            let plank = w * 0.16;
            modulate(pixmap, |x, y, _| {
                if y < skirting {
                    1.0 + 0.018 * value_noise(x, y, 1.5 * fine, s)
                        + 0.03 * value_noise(x, y, w / 10.0, s ^ 2)
                } else if y < board {
                    1.0 + 0.01 * value_noise(x, y, 2.0, s ^ 3)
                } else {
                    let depth = (y - vanish) / (h - vanish);
                    let xb = w * 0.5 + (x - w * 0.5) / depth;
                    let index = ((xb - w * 0.5) / plank).floor() as i64;
                    let tone = 0.07 * lattice(index, 0, s ^ 4);
                    let grain = 0.06 * value_noise(xb, y, 2.2 * fine / depth.max(0.2), s ^ 5)
                        + 0.05 * value_noise(xb * 0.15, y * 0.01, 1.0, s ^ 6);
                    let pores = 0.03 * value_noise(x, y, 1.2 * fine, s ^ 7);
                    1.0 + tone + grain + pores
                }
            });
        }
        Backdrop::Outdoors => {
            let horizon = floor - h * 0.2;
            modulate(pixmap, |x, y, px| {
                if y > horizon + 1.0 {
                    let near = ((y - horizon) / (h - horizon)).clamp(0.0, 1.0);
                    1.0 + (0.05 + 0.05 * near) * value_noise(x, y, (0.9 + 1.6 * near) * fine, s)
                        + 0.05 * value_noise(x, y, (3.0 + 6.0 * near) * fine, s ^ 8)
                        + 0.04 * value_noise(x, y, w / 8.0, s ^ 9)
                } else if px[1] > px[0].saturating_add(8) && px[1] > px[2] {
                    1.0 + 0.09 * value_noise(x, y, 1.4 * fine, s ^ 10)
                        + 0.07 * value_noise(x, y, 5.0 * fine, s ^ 11)
                } else {
                    1.0 + 0.01 * value_noise(x, y, w / 6.0, s ^ 12)
                }
            });
        }
    }
}

/// Gives an object layer (transparent around the objects) the micro-texture of a real
/// surface: fine grain and a slightly uneven finish.
pub(crate) fn texture_material(layer: &mut Pixmap, seed: u64) {
    let s = seed ^ 0x0000_7e47_0000_0002;
    let fine = (layer.width().max(layer.height()) as f32 / 640.0).max(0.5);
    modulate(layer, |x, y, _| {
        1.0 + 0.035 * value_noise(x, y, 1.3 * fine, s)
            + 0.03 * value_noise(x, y, 4.5 * fine, s ^ 1)
            + 0.02 * value_noise(x, y, 30.0 * fine, s ^ 2)
    });
}

/// Gives a landscape's meadow blades of grass and its hills foliage: green pixels take a
/// texture stretched upright, finer towards the horizon.
pub(crate) fn texture_landscape(pixmap: &mut Pixmap, seed: u64) {
    let h = pixmap.height() as f32;
    let s = seed ^ 0x0000_9a55_0000_0003;
    let fine = (pixmap.width().max(pixmap.height()) as f32 / 640.0).max(0.5);
    modulate(pixmap, |x, y, px| {
        let green = px[1] > px[0].saturating_add(16) && px[1] > px[2].saturating_add(16);
        if !green {
            return 1.0 + 0.01 * value_noise(x, y, 3.0 * fine, s ^ 4);
        }
        let near = 0.5 + y / h;
        1.0 + 0.07 * value_noise(x, y / 1.8, 1.2 * fine * near, s)
            + 0.07 * value_noise(x, y, 4.0 * fine * near, s ^ 1)
            + 0.05 * value_noise(x, y, 40.0 * fine, s ^ 2)
    });
}
