//! Drawing the Set-of-Marks onto a captured frame: a 2 px box in a cycling colour at each
//! element's `getBoundingClientRect`, and its id on a label outside the box (above it where
//! there is room, else below, else beside it), never over another label and over as little
//! of the other marked elements as can be, in white bold 16 px text on a 20 px label (VWA's
//! labels are 17–20 px tall), scaled by devicePixelRatio.

use super::som::{BoundingBox, SomElement};
use ab_glyph::{Font, FontVec, PxScale, ScaleFont, point};

/// Box and label colours, cycled in element order.
const PALETTE: [[u8; 3]; 12] = [
    [0xe6, 0x19, 0x4b],
    [0x3c, 0xb4, 0x4b],
    [0x43, 0x63, 0xd8],
    [0xf5, 0x82, 0x31],
    [0x91, 0x1e, 0xb4],
    [0x00, 0x80, 0x80],
    [0xf0, 0x32, 0xe6],
    [0x9a, 0x63, 0x24],
    [0x80, 0x00, 0x00],
    [0x00, 0x00, 0x75],
    [0x80, 0x80, 0x00],
    [0x2f, 0x4f, 0x4f],
];
/// Box outline width, CSS px.
const BORDER: f64 = 2.0;
/// Label height, CSS px.
const LABEL_HEIGHT: f64 = 20.0;
/// Label width per digit, CSS px (plus [`LABEL_PADDING`]): a bold digit's advance at
/// [`LABEL_FONT_SIZE`] (0.696 em in DejaVu Sans Bold).
const LABEL_CHAR_WIDTH: f64 = 11.2;
/// Label width beyond its digits, CSS px.
const LABEL_PADDING: f64 = 6.0;
/// Label font size, CSS px per em.
const LABEL_FONT_SIZE: f32 = 16.0;

/// The colour of the `index`-th marked element.
pub fn mark_colour(index: usize) -> [u8; 3] {
    PALETTE[index % PALETTE.len()]
}

/// Rows of a decoded frame to draw on — the whole frame or a band of it: tightly packed
/// 8-bit pixels, 3 (RGB) or 4 (RGBA) channels. Drawing uses frame coordinates and touches
/// only these rows, so a frame drawn band by band comes out as if drawn at once.
pub struct Canvas<'pixels> {
    /// The pixels, row by row.
    pub pixels: &'pixels mut [u8],
    /// Width in device pixels.
    pub width: u32,
    /// Rows held.
    pub height: u32,
    /// Bytes per pixel (3 or 4).
    pub channels: usize,
    /// The frame row the first held row is.
    pub top: u32,
}

/// A rectangle in device pixels, edges snapped to whole pixels (right and bottom exclusive).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct PixelRect {
    left: i64,
    top: i64,
    right: i64,
    bottom: i64,
}

impl PixelRect {
    /// Snaps a CSS-px box to device pixels the way the compositor does (edges rounded).
    fn snap(x: f64, y: f64, width: f64, height: f64, scale: f64) -> Self {
        Self {
            left: (x * scale).round() as i64,
            top: (y * scale).round() as i64,
            right: ((x + width) * scale).round() as i64,
            bottom: ((y + height) * scale).round() as i64,
        }
    }
}

/// A label spot in CSS px.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Spot {
    x: f64,
    y: f64,
    width: f64,
    height: f64,
}

impl Spot {
    fn of(bbox: &BoundingBox) -> Self {
        Self {
            x: bbox.x,
            y: bbox.y,
            width: bbox.width,
            height: bbox.height,
        }
    }

    /// The area the two share (0 when they only touch).
    fn overlap(&self, other: &Spot) -> f64 {
        let width = (self.x + self.width).min(other.x + other.width) - self.x.max(other.x);
        let height = (self.y + self.height).min(other.y + other.height) - self.y.max(other.y);
        if width > 0.0 && height > 0.0 {
            width * height
        } else {
            0.0
        }
    }

    fn overlaps(&self, other: &Spot) -> bool {
        self.overlap(other) > 0.0
    }

    fn inside(&self, viewport_width: f64, viewport_height: f64) -> bool {
        self.x >= 0.0
            && self.y >= 0.0
            && self.x + self.width <= viewport_width
            && self.y + self.height <= viewport_height
    }
}

/// Where each element's label goes (CSS px), in element order. The spots tried are outside
/// the box, so a label never hides the element's own text: above its left or right corner,
/// below them, then beside its top and bottom corners. Of those inside the viewport, the
/// first that overlaps no label placed before it and no other marked element wins; else the
/// one over the least of the other elements, still clear of every label if any is; a box with
/// no spot around it inside the viewport (one as large as the viewport) is labelled inside its
/// top-left corner.
fn place_labels(elements: &[SomElement], viewport_width: f64, viewport_height: f64) -> Vec<Spot> {
    let boxes: Vec<Spot> = elements
        .iter()
        .map(|element| Spot::of(&element.bbox))
        .collect();
    let mut placed: Vec<Spot> = Vec::with_capacity(elements.len());
    for (index, element) in elements.iter().enumerate() {
        let Spot {
            x,
            y,
            width: box_width,
            height: box_height,
        } = boxes[index];
        let width = (element.id.to_string().len() as f64 * LABEL_CHAR_WIDTH).ceil() + LABEL_PADDING;
        let height = LABEL_HEIGHT;
        let spot = |x: f64, y: f64| Spot {
            x,
            y,
            width,
            height,
        };
        let candidates = [
            spot(x, y - height),
            spot(x + box_width - width, y - height),
            spot(x, y + box_height),
            spot(x + box_width - width, y + box_height),
            spot(x - width, y),
            spot(x + box_width, y),
            spot(x - width, y + box_height - height),
            spot(x + box_width, y + box_height - height),
        ];
        // Ranked by: over another label, then how much of other elements it covers, then
        // the order above.
        let chosen = candidates
            .iter()
            .filter(|candidate| candidate.inside(viewport_width, viewport_height))
            .map(|candidate| {
                let over_label = placed.iter().any(|label| label.overlaps(candidate));
                let over_elements: f64 = boxes
                    .iter()
                    .enumerate()
                    .filter(|(other, _)| *other != index)
                    .map(|(_, other)| other.overlap(candidate))
                    .sum();
                (over_label, over_elements, candidate)
            })
            .min_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)))
            .map(|(_, _, candidate)| *candidate)
            .unwrap_or_else(|| spot(x.max(0.0), y.max(0.0)));
        placed.push(chosen);
    }
    placed
}

/// What to draw for a set of marks, in device pixels: worked out once per frame, drawn on
/// each band.
pub struct MarkPlan {
    /// Each box and its colour, in element order.
    boxes: Vec<(PixelRect, [u8; 3])>,
    /// Each label's rectangle, colour and text, in element order.
    labels: Vec<(PixelRect, [u8; 3], String)>,
    /// Outline width.
    border: i64,
    /// Label font size, px per em.
    font_size: f32,
}

impl MarkPlan {
    /// The boxes and labels for `elements`. `viewport` is in CSS px and `scale` is the
    /// page's devicePixelRatio (device px per CSS px).
    pub fn new(elements: &[SomElement], viewport: (f64, f64), scale: f64) -> Self {
        let spots = place_labels(elements, viewport.0, viewport.1);
        let boxes = elements
            .iter()
            .enumerate()
            .map(|(index, element)| {
                let BoundingBox {
                    x,
                    y,
                    width,
                    height,
                } = element.bbox;
                (
                    PixelRect::snap(x, y, width, height, scale),
                    mark_colour(index),
                )
            })
            .collect();
        let labels = elements
            .iter()
            .zip(&spots)
            .enumerate()
            .map(|(index, (element, spot))| {
                (
                    PixelRect::snap(spot.x, spot.y, spot.width, spot.height, scale),
                    mark_colour(index),
                    element.id.to_string(),
                )
            })
            .collect();
        Self {
            boxes,
            labels,
            border: (BORDER * scale).round().max(1.0) as i64,
            font_size: LABEL_FONT_SIZE * scale as f32,
        }
    }
}

impl Canvas<'_> {
    /// The frame rows held, as `top..bottom`.
    fn rows(&self) -> (i64, i64) {
        let top = i64::from(self.top);
        (top, top + i64::from(self.height))
    }

    /// Fills `rect` (clipped to the rows held) with `colour`.
    fn fill(&mut self, rect: PixelRect, colour: [u8; 3]) {
        let (first, end) = self.rows();
        let left = rect.left.clamp(0, i64::from(self.width)) as usize;
        let right = rect.right.clamp(0, i64::from(self.width)) as usize;
        let top = (rect.top.clamp(first, end) - first) as usize;
        let bottom = (rect.bottom.clamp(first, end) - first) as usize;
        if left >= right {
            return;
        }
        let stride = self.width as usize * self.channels;
        for row in top..bottom {
            let start = row * stride + left * self.channels;
            let end = row * stride + right * self.channels;
            for pixel in self.pixels[start..end].chunks_exact_mut(self.channels) {
                pixel[..3].copy_from_slice(&colour);
            }
        }
    }

    /// Mixes `colour` into the pixel at (`x`, `y`) by `coverage` (0–1), if it is on the canvas.
    fn blend(&mut self, x: i64, y: i64, colour: [u8; 3], coverage: f32) {
        let (first, end) = self.rows();
        if x < 0 || y < first || x >= i64::from(self.width) || y >= end {
            return;
        }
        let coverage = coverage.clamp(0.0, 1.0);
        let offset = ((y - first) as usize * self.width as usize + x as usize) * self.channels;
        for (channel, target) in self.pixels[offset..offset + 3].iter_mut().zip(colour) {
            let mixed = f32::from(*channel) * (1.0 - coverage) + f32::from(target) * coverage;
            *channel = mixed.round() as u8;
        }
    }

    /// Draws a 2 px outline inside `rect`.
    fn outline(&mut self, rect: PixelRect, border: i64, colour: [u8; 3]) {
        let PixelRect {
            left,
            top,
            right,
            bottom,
        } = rect;
        let inner_top = (top + border).min(bottom);
        let inner_bottom = (bottom - border).max(inner_top);
        self.fill(
            PixelRect {
                bottom: inner_top,
                ..rect
            },
            colour,
        );
        self.fill(
            PixelRect {
                top: inner_bottom,
                ..rect
            },
            colour,
        );
        let sides = PixelRect {
            top: inner_top,
            bottom: inner_bottom,
            ..rect
        };
        self.fill(
            PixelRect {
                right: (left + border).min(right),
                ..sides
            },
            colour,
        );
        self.fill(
            PixelRect {
                left: (right - border).max(left),
                ..sides
            },
            colour,
        );
    }

    /// Writes `text` in white, centred in `rect` (device px), with `font` at `size` px per em.
    fn letter(&mut self, font: &FontVec, text: &str, rect: PixelRect, size: f32) {
        let units_per_em = font.units_per_em().unwrap_or(1000.0);
        // ab_glyph scales by ascent-to-descent height; CSS sizes fonts by the em.
        let scale = PxScale::from(size * font.height_unscaled() / units_per_em);
        let scaled = font.as_scaled(scale);
        let advance: f32 = text
            .chars()
            .map(|character| scaled.h_advance(font.glyph_id(character)))
            .sum();
        // The CSS line box: half the leading above the ascent, baseline after it.
        let line_height = (rect.bottom - rect.top) as f32;
        let baseline = rect.top as f32
            + (line_height - (scaled.ascent() - scaled.descent())) / 2.0
            + scaled.ascent();
        let mut pen = rect.left as f32 + ((rect.right - rect.left) as f32 - advance) / 2.0;
        for character in text.chars() {
            let id = font.glyph_id(character);
            let glyph = id.with_scale_and_position(scale, point(pen, baseline));
            pen += scaled.h_advance(id);
            if let Some(outlined) = font.outline_glyph(glyph) {
                let bounds = outlined.px_bounds();
                let (origin_x, origin_y) = (bounds.min.x as i64, bounds.min.y as i64);
                outlined.draw(|x, y, coverage| {
                    self.blend(
                        origin_x + i64::from(x),
                        origin_y + i64::from(y),
                        [0xff, 0xff, 0xff],
                        coverage,
                    );
                });
            }
        }
    }

    /// Draws every box of `plan`, then every numbered label (so no box hides a number;
    /// later boxes over earlier labels, as the in-page overlay stacked them).
    pub fn draw(&mut self, font: &FontVec, plan: &MarkPlan) {
        for (rect, colour) in &plan.boxes {
            self.outline(*rect, plan.border, *colour);
        }
        let (first, end) = self.rows();
        // A glyph stays within its label, give or take a pixel of antialiasing.
        let reach = plan.font_size.ceil() as i64;
        for (rect, colour, text) in &plan.labels {
            if rect.bottom + reach <= first || rect.top - reach >= end {
                continue;
            }
            self.fill(*rect, *colour);
            self.letter(font, text, *rect, plan.font_size);
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::observe::SomId;

    /// A marked button at (`x`, `y`), `width` × `height` CSS px (shared by the observe tests).
    pub(in crate::observe) fn element(
        id: u32,
        x: f64,
        y: f64,
        width: f64,
        height: f64,
    ) -> SomElement {
        SomElement {
            id: SomId(id),
            tag: "button".into(),
            role: "button".into(),
            name: String::new(),
            text: String::new(),
            alt: None,
            placeholder: None,
            value: None,
            input_type: None,
            bbox: BoundingBox {
                x,
                y,
                width,
                height,
            },
            frame: vec![],
        }
    }

    #[test]
    fn labels_go_above_the_box_and_move_when_taken() {
        let elements = [
            element(1, 100.0, 100.0, 80.0, 30.0),
            element(2, 100.0, 100.0, 80.0, 30.0),
        ];
        let spots = place_labels(&elements, 1280.0, 720.0);
        assert_eq!((spots[0].x, spots[0].y), (100.0, 80.0));
        assert_eq!((spots[0].width, spots[0].height), (18.0, 20.0));
        // The second label cannot share the first spot: it takes the top-right corner.
        assert_eq!((spots[1].x, spots[1].y), (100.0 + 80.0 - 18.0, 80.0));
        assert!(!spots[0].overlaps(&spots[1]));
    }

    #[test]
    fn a_box_at_the_top_edge_is_labelled_below_it() {
        let spots = place_labels(&[element(7, 10.0, 0.0, 50.0, 20.0)], 1280.0, 720.0);
        assert_eq!((spots[0].x, spots[0].y), (10.0, 20.0));
    }

    #[test]
    fn labels_of_adjacent_links_at_the_top_edge_cover_no_link_and_no_label() {
        // A header of links side by side at y = 0, a search field under it.
        let mut elements: Vec<SomElement> =
            [(0.0, 60.0), (64.0, 40.0), (108.0, 22.0), (134.0, 70.0)]
                .iter()
                .enumerate()
                .map(|(index, (x, width))| element(index as u32 + 1, *x, 0.0, *width, 22.0))
                .collect();
        elements.push(element(120, 0.0, 30.0, 300.0, 30.0));
        let spots = place_labels(&elements, 1280.0, 720.0);
        for (index, spot) in spots.iter().enumerate() {
            for (other, element) in elements.iter().enumerate() {
                let area = spot.overlap(&Spot::of(&element.bbox));
                if other == index || other < 4 {
                    assert_eq!(area, 0.0, "label {index} covers link {other}: {spot:?}");
                }
            }
            for (other, label) in spots.iter().enumerate() {
                if other != index {
                    assert!(!spot.overlaps(label), "labels {index} and {other} overlap");
                }
            }
        }
    }

    #[test]
    fn outlines_sit_on_the_snapped_box_edges_and_clip_at_the_canvas() {
        let (width, height) = (40u32, 30u32);
        let mut pixels = vec![0u8; (width * height * 3) as usize];
        let mut canvas = Canvas {
            pixels: &mut pixels,
            width,
            height,
            channels: 3,
            top: 0,
        };
        let rect = PixelRect::snap(4.4, 5.6, 20.2, 10.0, 1.0);
        assert_eq!(
            (rect.left, rect.top, rect.right, rect.bottom),
            (4, 6, 25, 16)
        );
        canvas.outline(rect, 2, [255, 0, 0]);
        canvas.outline(PixelRect::snap(30.0, 20.0, 50.0, 50.0, 1.0), 2, [0, 255, 0]);
        let at = |x: u32, y: u32| {
            let offset = ((y * width + x) * 3) as usize;
            [pixels[offset], pixels[offset + 1], pixels[offset + 2]]
        };
        assert_eq!(at(4, 6), [255, 0, 0]);
        assert_eq!(at(5, 10), [255, 0, 0]);
        assert_eq!(at(24, 15), [255, 0, 0]);
        assert_eq!(at(6, 10), [0, 0, 0], "inside the 2 px border");
        assert_eq!(at(3, 10), [0, 0, 0], "outside the box");
        assert_eq!(at(30, 29), [0, 255, 0], "clipped, left edge still drawn");
    }

    #[test]
    fn labels_carry_legible_white_digits() {
        let font = imagery::bold_face().expect("fonts-dejavu-core installed");
        let (width, height) = (200u32, 100u32);
        let mut pixels = vec![255u8; (width * height * 4) as usize];
        let mut canvas = Canvas {
            pixels: &mut pixels,
            width,
            height,
            channels: 4,
            top: 0,
        };
        canvas.draw(
            font,
            &MarkPlan::new(&[element(42, 50.0, 40.0, 60.0, 30.0)], (200.0, 100.0), 1.0),
        );
        // The label sits above the box: 29×20 px of the first colour with white digits.
        let label: Vec<[u8; 3]> = (20..40)
            .flat_map(|y| (50..79).map(move |x| (x, y)))
            .map(|(x, y)| {
                let offset = ((y * width + x) * 4) as usize;
                [pixels[offset], pixels[offset + 1], pixels[offset + 2]]
            })
            .collect();
        let background = label.iter().filter(|pixel| **pixel == PALETTE[0]).count();
        let white = label
            .iter()
            .filter(|pixel| pixel.iter().all(|channel| *channel > 200))
            .count();
        assert!(background > 300, "label background: {background}");
        assert!(white > 40, "white digit pixels: {white}");
    }

    #[test]
    fn a_frame_drawn_band_by_band_equals_one_drawn_at_once() {
        let font = imagery::bold_face().expect("fonts-dejavu-core installed");
        let (width, height) = (160u32, 120u32);
        let elements = [
            element(3, 10.0, 20.0, 60.0, 25.0),
            element(17, 40.0, 30.0, 90.0, 70.0),
            element(250, 100.0, 0.0, 50.0, 118.0),
        ];
        let plan = MarkPlan::new(&elements, (160.0, 120.0), 1.0);
        let background: Vec<u8> = (0..width * height * 3)
            .map(|index| (index % 251) as u8)
            .collect();
        let mut whole = background.clone();
        Canvas {
            pixels: &mut whole,
            width,
            height,
            channels: 3,
            top: 0,
        }
        .draw(font, &plan);
        let mut banded = background.clone();
        let stride = (width * 3) as usize;
        for (index, band) in banded.chunks_mut(stride * 7).enumerate() {
            Canvas {
                height: (band.len() / stride) as u32,
                pixels: band,
                width,
                channels: 3,
                top: index as u32 * 7,
            }
            .draw(font, &plan);
        }
        assert_ne!(whole, background, "the marks were drawn");
        assert!(
            whole == banded,
            "bands of 7 rows drew other pixels than the whole frame"
        );
    }
}
