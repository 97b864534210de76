//! Paints shaded, patterned surfaces of one object in the object's local frame.

use tiny_skia::{
    Color, FillRule, FilterQuality, GradientStop, LineCap, LineJoin, LinearGradient, Mask, Paint,
    Path, Pixmap, Point, RadialGradient, Rect, Shader, SpreadMode, Stroke, Transform,
};

use super::error::ImageryError;
use super::shapes::rrect;
use super::sign;
use super::spec::Pattern;

/// An sRGB colour without alpha.
pub(crate) type Rgb = [u8; 3];

/// Printing ink on labels and covers.
pub(crate) const INK: Rgb = [18, 18, 22];
/// Label paper.
pub(crate) const PAPER: Rgb = [248, 246, 238];

/// Near-black rubber (tyres, soles, cables).
pub(crate) const RUBBER: Rgb = [34, 34, 36];
/// Bright chrome and brushed metal.
pub(crate) const METAL: Rgb = [178, 182, 188];
/// Dark plastic and switched-off screens.
pub(crate) const PLASTIC: Rgb = [48, 50, 54];
/// Warm natural wood.
pub(crate) const WOOD: Rgb = [150, 104, 62];
/// Off-white trims (soles, pickguards, piping).
pub(crate) const IVORY: Rgb = [236, 232, 222];

/// Scales an RGB colour's brightness by `f` (below 1 darkens, above 1 lightens).
pub(crate) fn shade(rgb: Rgb, f: f32) -> Rgb {
    rgb.map(|c| (f32::from(c) * f).round().clamp(0.0, 255.0) as u8)
}

fn color(rgb: Rgb, alpha: f32) -> Color {
    Color::from_rgba8(
        rgb[0],
        rgb[1],
        rgb[2],
        (alpha.clamp(0.0, 1.0) * 255.0).round() as u8,
    )
}

fn stop(pos: f32, rgb: Rgb, alpha: f32) -> GradientStop {
    GradientStop::new(pos, color(rgb, alpha))
}

/// The colours, decoration and lighting of one object.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Finish {
    /// The body colour.
    pub primary: Rgb,
    /// The accent colour for patterns and trims.
    pub secondary: Rgb,
    /// How the main surfaces are decorated.
    pub pattern: Pattern,
    /// Whether solid bodies carry a band of the secondary colour (a two-tone finish), so a
    /// second colour the item is described with is always in the picture.
    pub two_tone: bool,
    /// Where the key light comes from: -1 far left, +1 far right.
    pub light: f32,
    /// How deep shadows on the body may go (1 = full); light colours get less so
    /// their shaded parts still read as the same colour.
    pub depth: f32,
    /// How bright highlights on the body may get (1 = full); dark colours get less so
    /// their lit parts still read as the same colour.
    pub gloss: f32,
}

/// Draws into a pixmap through an object's local frame.
pub(crate) struct Painter<'a> {
    pixmap: &'a mut Pixmap,
    frame: Transform,
    finish: Finish,
    /// The pattern's repeating tile, already coloured; `None` for solid bodies.
    tile: Option<Pixmap>,
    /// The pattern's period in local units.
    period: f32,
}

/// Pixels per side of a pattern tile; the tile is scaled to the pattern period.
const TILE: u32 = 32;

impl<'a> Painter<'a> {
    /// A painter whose local unit maps to pixels through `frame`; `period` sets the
    /// pattern's repeat length in local units.
    pub(crate) fn new(
        pixmap: &'a mut Pixmap,
        frame: Transform,
        finish: Finish,
        period: f32,
    ) -> Self {
        let tile = pattern_tile(&finish);
        Painter {
            pixmap,
            frame,
            finish,
            tile,
            period,
        }
    }

    /// Moves the local origin by (`dx`, `dy`) local units, e.g. to draw the second
    /// shoe of a pair with the same code.
    pub(crate) fn translate(&mut self, dx: f32, dy: f32) {
        self.frame = self.frame.pre_translate(dx, dy);
    }

    /// A darker variant of the body colour for recesses and edges: `f` as for
    /// [`shade`], softened for light colours so white stays white, not silver.
    pub(crate) fn dim(&self, f: f32) -> Rgb {
        shade(self.finish.primary, 1.0 - (1.0 - f) * self.finish.depth)
    }

    /// The accent colour.
    pub(crate) fn secondary(&self) -> Rgb {
        self.finish.secondary
    }

    fn fill_with(&mut self, path: &Path, shader: Shader<'_>) {
        fill(self.pixmap, self.frame, path, shader);
    }

    fn stroke_with(&mut self, path: &Path, shader: Shader<'_>, width: f32) {
        stroke(self.pixmap, self.frame, path, shader, width);
    }

    /// Lights a filled surface: a highlight on top and on the lit side, shade below
    /// and on the far side. Overlays only change brightness, so the hue survives.
    fn light(&mut self, path: &Path, strength: f32) {
        let b = path.bounds();
        let vertical = LinearGradient::new(
            Point::from_xy(b.left(), b.top()),
            Point::from_xy(b.left(), b.bottom()),
            vec![
                stop(0.0, [255; 3], 0.24 * strength * self.finish.gloss),
                stop(0.3, [255; 3], 0.0),
                stop(0.55, [0; 3], 0.0),
                stop(1.0, [0; 3], 0.26 * strength * self.finish.depth),
            ],
            SpreadMode::Pad,
            Transform::identity(),
        );
        let (lit, far) = if self.finish.light < 0.0 {
            (b.left(), b.right())
        } else {
            (b.right(), b.left())
        };
        let side = LinearGradient::new(
            Point::from_xy(lit, b.top()),
            Point::from_xy(far, b.top()),
            vec![
                stop(
                    0.0,
                    [255; 3],
                    0.10 * strength * self.finish.light.abs() * self.finish.gloss,
                ),
                stop(0.5, [255; 3], 0.0),
                stop(1.0, [0; 3], 0.14 * strength * self.finish.depth),
            ],
            SpreadMode::Pad,
            Transform::identity(),
        );
        for shader in [vertical, side].into_iter().flatten() {
            self.fill_with(path, shader);
        }
    }

    /// The object's main surface: primary colour (patterned), lit, with a darker rim.
    pub(crate) fn body(&mut self, path: Option<Path>) {
        let Some(path) = path else { return };
        let shader = body_shader(self.tile.as_ref(), self.finish.primary, self.period);
        fill(self.pixmap, self.frame, &path, shader);
        self.light(&path, 1.0);
        // The band is laid on after the body's shading, so a dark body's shadow does not
        // turn a red band brown.
        if self.finish.two_tone {
            self.band(&path);
        }
        let rim = Shader::SolidColor(color(self.dim(0.55), 0.7));
        self.stroke_with(&path, rim, 1.0);
    }

    /// A band of the secondary colour across the lower middle of a body, clipped to it.
    fn band(&mut self, path: &Path) {
        let b = path.bounds();
        let Some(band) = Rect::from_xywh(
            b.left(),
            b.top() + b.height() * 0.52,
            b.width(),
            b.height() * 0.2,
        ) else {
            return;
        };
        let Some(mut clip) = Mask::new(self.pixmap.width(), self.pixmap.height()) else {
            return;
        };
        clip.fill_path(path, FillRule::Winding, true, self.frame);
        let paint = Paint {
            shader: Shader::SolidColor(color(self.finish.secondary, 1.0)),
            anti_alias: true,
            ..Paint::default()
        };
        self.pixmap.fill_rect(band, &paint, self.frame, Some(&clip));
    }

    /// A tube or strap in the body finish (bicycle frames, lamp arms).
    pub(crate) fn body_line(&mut self, path: Option<Path>, width: f32) {
        let Some(path) = path else { return };
        let rim = Shader::SolidColor(color(self.dim(0.6), 1.0));
        self.stroke_with(&path, rim, width + 1.2);
        let shader = body_shader(self.tile.as_ref(), self.finish.primary, self.period);
        stroke(self.pixmap, self.frame, &path, shader, width);
        if self.finish.two_tone {
            let stripe = Shader::SolidColor(color(self.finish.secondary, 1.0));
            self.stroke_with(&path, stripe, width * 0.45);
        }
        let highlight = Shader::SolidColor(color([255; 3], 0.22));
        self.stroke_with(&path, highlight, width * 0.3);
    }

    /// A lit surface in a fixed colour (trims, wood, upholstery accents).
    pub(crate) fn tone(&mut self, path: Option<Path>, rgb: Rgb) {
        let Some(path) = path else { return };
        self.fill_with(&path, Shader::SolidColor(color(rgb, 1.0)));
        self.light(&path, 0.8);
    }

    /// An unlit fill, optionally translucent (seams, shadows, decals).
    pub(crate) fn flat(&mut self, path: Option<Path>, rgb: Rgb, alpha: f32) {
        let Some(path) = path else { return };
        self.fill_with(&path, Shader::SolidColor(color(rgb, alpha)));
    }

    /// A stroked line with round ends.
    pub(crate) fn line(&mut self, path: Option<Path>, rgb: Rgb, width: f32) {
        let Some(path) = path else { return };
        self.stroke_with(&path, Shader::SolidColor(color(rgb, 1.0)), width);
    }

    /// A translucent stroked line (seams, creases).
    pub(crate) fn seam(&mut self, path: Option<Path>, rgb: Rgb, alpha: f32, width: f32) {
        let Some(path) = path else { return };
        self.stroke_with(&path, Shader::SolidColor(color(rgb, alpha)), width);
    }

    /// Tinted glass or a dark screen with a diagonal reflection.
    pub(crate) fn glass(&mut self, path: Option<Path>) {
        let Some(path) = path else { return };
        let b = path.bounds();
        let shader = LinearGradient::new(
            Point::from_xy(b.left(), b.top()),
            Point::from_xy(b.right(), b.bottom()),
            vec![
                stop(0.0, [50, 52, 56], 1.0),
                stop(0.45, [30, 32, 36], 1.0),
                stop(0.5, [84, 88, 94], 1.0),
                stop(0.56, [30, 32, 36], 1.0),
                stop(1.0, [14, 15, 18], 1.0),
            ],
            SpreadMode::Pad,
            Transform::identity(),
        );
        if let Some(shader) = shader {
            self.fill_with(&path, shader);
        }
    }

    /// Polished metal: bright and dark bands across the surface.
    pub(crate) fn chrome(&mut self, path: Option<Path>) {
        let Some(path) = path else { return };
        let b = path.bounds();
        let shader = LinearGradient::new(
            Point::from_xy(b.left(), b.top()),
            Point::from_xy(b.left(), b.bottom()),
            vec![
                stop(0.0, [236, 238, 242], 1.0),
                stop(0.4, [170, 174, 182], 1.0),
                stop(0.6, [120, 124, 132], 1.0),
                stop(1.0, [200, 204, 210], 1.0),
            ],
            SpreadMode::Pad,
            Transform::identity(),
        );
        if let Some(shader) = shader {
            self.fill_with(&path, shader);
        }
    }

    /// A printed label: a `paper` panel at (`x`, `y`) `w`×`h` local units with `text` set
    /// in dark letters to fill it, reading left to right whichever way the object faces.
    pub(crate) fn label(
        &mut self,
        (x, y, w, h): (f32, f32, f32, f32),
        paper: Rgb,
        text: Option<&str>,
    ) -> Result<(), ImageryError> {
        self.flat(rrect(x, y, w, h, h.min(w) * 0.08), paper, 1.0);
        let Some(text) = text else { return Ok(()) };
        let pad = h.min(w) * 0.1;
        let Some(set) = sign::set(text, h - 2.0 * pad, w - 2.0 * pad)? else {
            return Ok(());
        };
        let ink = set.glyphs.bounds();
        let mut place = Transform::from_translate(
            x + (w - set.width) / 2.0,
            y + h / 2.0 - (ink.top() + ink.bottom()) / 2.0,
        );
        if self.frame.sx < 0.0 {
            // A mirrored frame would mirror the letters: flip them back about the label.
            place = Transform::from_row(-1.0, 0.0, 0.0, 1.0, 2.0 * x + w, 0.0).pre_concat(place);
        }
        if let Some(glyphs) = set.glyphs.transform(place) {
            self.fill_with(&glyphs, Shader::SolidColor(color(INK, 1.0)));
        }
        Ok(())
    }

    /// A round glow or sheen: `rgb` at the centre fading out at radius `r`.
    pub(crate) fn glow(&mut self, cx: f32, cy: f32, r: f32, rgb: Rgb, alpha: f32) {
        let Some(path) = super::shapes::circle(cx, cy, r) else {
            return;
        };
        let shader = RadialGradient::new(
            Point::from_xy(cx, cy),
            Point::from_xy(cx, cy),
            r,
            vec![stop(0.0, rgb, alpha), stop(1.0, rgb, 0.0)],
            SpreadMode::Pad,
            Transform::identity(),
        );
        if let Some(shader) = shader {
            self.fill_with(&path, shader);
        }
    }
}

/// The body's paint: the pattern tile repeated every `period` local units, or
/// plain primary colour.
fn body_shader(tile: Option<&Pixmap>, primary: Rgb, period: f32) -> Shader<'_> {
    match tile {
        Some(tile) => tiny_skia::Pattern::new(
            tile.as_ref(),
            SpreadMode::Repeat,
            FilterQuality::Bilinear,
            1.0,
            Transform::from_scale(period / TILE as f32, period / TILE as f32),
        ),
        None => Shader::SolidColor(color(primary, 1.0)),
    }
}

fn fill(pixmap: &mut Pixmap, frame: Transform, path: &Path, shader: Shader<'_>) {
    let paint = Paint {
        shader,
        anti_alias: true,
        ..Paint::default()
    };
    pixmap.fill_path(path, &paint, FillRule::Winding, frame, None);
}

fn stroke(pixmap: &mut Pixmap, frame: Transform, path: &Path, shader: Shader<'_>, width: f32) {
    let paint = Paint {
        shader,
        anti_alias: true,
        ..Paint::default()
    };
    let stroke = Stroke {
        width,
        line_cap: LineCap::Round,
        line_join: LineJoin::Round,
        ..Stroke::default()
    };
    pixmap.stroke_path(path, &paint, &stroke, frame, None);
}

/// Paints one repeat of the pattern in the primary and secondary colours.
fn pattern_tile(finish: &Finish) -> Option<Pixmap> {
    if finish.pattern == Pattern::Solid {
        return None;
    }
    let mut tile = Pixmap::new(TILE, TILE)?;
    tile.fill(color(finish.primary, 1.0));
    let mut paint = Paint {
        anti_alias: true,
        ..Paint::default()
    };
    paint.set_color(color(finish.secondary, 1.0));
    let half = TILE as f32 / 2.0;
    let shapes: Vec<Path> = match finish.pattern {
        Pattern::Striped => super::shapes::rect(0.0, 0.0, TILE as f32, half * 0.8)
            .into_iter()
            .collect(),
        Pattern::Dotted => super::shapes::circle(half, half, TILE as f32 * 0.22)
            .into_iter()
            .collect(),
        Pattern::Checkered => [
            super::shapes::rect(0.0, 0.0, half, half),
            super::shapes::rect(half, half, half, half),
        ]
        .into_iter()
        .flatten()
        .collect(),
        Pattern::Solid => Vec::new(),
    };
    for shape in &shapes {
        tile.fill_path(
            shape,
            &paint,
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
    Some(tile)
}
