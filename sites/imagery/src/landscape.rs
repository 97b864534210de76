//! Outdoor scenes with countable facts: a meadow under a sky that shows the time of day
//! and the weather, with a stated number of animals of one kind standing apart.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use tiny_skia::Pixmap;

use super::error::ImageryError;
use super::ink;
use super::painter::{Rgb, shade};
use super::shapes;

/// Most animals a scene may show.
pub const MAX_ANIMALS: u8 = 6;

/// When the scene is set; it decides the sky's colour and the light.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TimeOfDay {
    /// Low sun, pale sky warm at the horizon.
    Morning,
    /// High sun, deep blue sky.
    Noon,
    /// Orange sky, red sun on the horizon.
    Sunset,
    /// Dark sky with the moon and stars.
    Night,
}

/// The weather over the meadow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Weather {
    /// No cover.
    Clear,
    /// Grey clouds across the sky.
    Cloudy,
    /// Clouds and falling rain.
    Rainy,
    /// Clouds, falling snow and a white ground.
    Snowy,
}

/// The animals a scene can show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Animal {
    /// A brown dog.
    Dog,
    /// A ginger cat.
    Cat,
    /// A black-and-white cow.
    Cow,
    /// A white sheep with a black face.
    Sheep,
    /// A chestnut horse.
    Horse,
    /// A yellow duck.
    Duck,
}

impl TimeOfDay {
    /// Every time of day, in order.
    pub const ALL: [TimeOfDay; 4] = [
        TimeOfDay::Morning,
        TimeOfDay::Noon,
        TimeOfDay::Sunset,
        TimeOfDay::Night,
    ];

    /// The name ("sunset").
    pub fn name(self) -> &'static str {
        match self {
            TimeOfDay::Morning => "morning",
            TimeOfDay::Noon => "noon",
            TimeOfDay::Sunset => "sunset",
            TimeOfDay::Night => "night",
        }
    }
}

impl Weather {
    /// Every weather, in order.
    pub const ALL: [Weather; 4] = [
        Weather::Clear,
        Weather::Cloudy,
        Weather::Rainy,
        Weather::Snowy,
    ];

    /// The name ("rainy").
    pub fn name(self) -> &'static str {
        match self {
            Weather::Clear => "clear",
            Weather::Cloudy => "cloudy",
            Weather::Rainy => "rainy",
            Weather::Snowy => "snowy",
        }
    }
}

impl Animal {
    /// Every animal, in order.
    pub const ALL: [Animal; 6] = [
        Animal::Dog,
        Animal::Cat,
        Animal::Cow,
        Animal::Sheep,
        Animal::Horse,
        Animal::Duck,
    ];

    /// The noun ("sheep").
    pub fn noun(self) -> &'static str {
        match self {
            Animal::Dog => "dog",
            Animal::Cat => "cat",
            Animal::Cow => "cow",
            Animal::Sheep => "sheep",
            Animal::Horse => "horse",
            Animal::Duck => "duck",
        }
    }

    /// The plural ("sheep", "dogs").
    pub fn plural(self) -> &'static str {
        match self {
            Animal::Dog => "dogs",
            Animal::Cat => "cats",
            Animal::Cow => "cows",
            Animal::Sheep => "sheep",
            Animal::Horse => "horses",
            Animal::Duck => "ducks",
        }
    }
}

/// Everything a scene shows.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LandscapeSpec {
    /// When it is set.
    pub time: TimeOfDay,
    /// The weather.
    pub weather: Weather,
    /// Which animal stands in the meadow.
    pub animal: Animal,
    /// How many of them (1 to [`MAX_ANIMALS`]), each standing apart.
    pub count: u8,
    /// Seed for placement, clouds and stars.
    pub variation: u64,
}

impl LandscapeSpec {
    /// The sky's colour as a person would name it: "gray" under cloud by day,
    /// otherwise by the time of day.
    pub fn sky(&self) -> &'static str {
        match (self.time, self.weather) {
            (TimeOfDay::Night, _) => "dark blue",
            (_, Weather::Cloudy | Weather::Rainy | Weather::Snowy) => "gray",
            (TimeOfDay::Morning, _) => "light blue",
            (TimeOfDay::Noon, _) => "blue",
            (TimeOfDay::Sunset, _) => "orange",
        }
    }

    /// Checks the count.
    pub fn validate(&self) -> Result<(), ImageryError> {
        if !(1..=MAX_ANIMALS).contains(&self.count) {
            return Err(ImageryError::InvalidSpec(format!(
                "a scene shows 1 to {MAX_ANIMALS} animals, not {}",
                self.count
            )));
        }
        Ok(())
    }

    /// Sky colours from the top to the horizon.
    fn sky_stops(&self) -> (Rgb, Rgb) {
        let (top, horizon) = match self.time {
            TimeOfDay::Morning => ([118, 168, 226], [248, 222, 176]),
            TimeOfDay::Noon => ([36, 104, 214], [146, 194, 242]),
            TimeOfDay::Sunset => ([226, 104, 62], [252, 178, 78]),
            TimeOfDay::Night => ([8, 12, 36], [28, 38, 78]),
        };
        if self.weather == Weather::Clear || self.time == TimeOfDay::Night {
            (top, horizon)
        } else {
            (
                mix(top, [138, 142, 148], 0.8),
                mix(horizon, [176, 178, 182], 0.8),
            )
        }
    }
}

/// `a` moved toward `b` by `k` (0..1).
fn mix(a: Rgb, b: Rgb, k: f32) -> Rgb {
    [0, 1, 2].map(|i| (f32::from(a[i]) + (f32::from(b[i]) - f32::from(a[i])) * k).round() as u8)
}

/// Where the sky meets the meadow, as a fraction of the height.
const HORIZON: f32 = 0.55;

/// Renders a scene.
pub(crate) fn render(spec: &LandscapeSpec, pixmap: &mut Pixmap) -> Result<(), ImageryError> {
    spec.validate()?;
    let mut rng = ChaCha8Rng::seed_from_u64(spec.variation);
    sky(spec, pixmap, &mut rng);
    meadow(spec, pixmap);
    draw_animals(spec, pixmap, &mut rng);
    falling(spec, pixmap, &mut rng);
    Ok(())
}

fn sky(spec: &LandscapeSpec, pixmap: &mut Pixmap, rng: &mut ChaCha8Rng) {
    let (w, h) = (pixmap.width() as f32, pixmap.height() as f32);
    let horizon = h * HORIZON;
    let (top, bottom) = spec.sky_stops();
    let width = pixmap.width() as usize;
    for (y, row) in pixmap.data_mut().chunks_exact_mut(width * 4).enumerate() {
        let t = ((y as f32 + 0.5) / horizon).min(1.0);
        let c = mix(top, bottom, t);
        for px in row.chunks_exact_mut(4) {
            px.copy_from_slice(&[c[0], c[1], c[2], 255]);
        }
    }
    let overcast = spec.weather != Weather::Clear;
    match spec.time {
        TimeOfDay::Night => {
            for _ in 0..60 {
                let (x, y) = (
                    rng.random_range(0.0..w),
                    rng.random_range(0.0..horizon * 0.8),
                );
                ink::fill(pixmap, shapes::circle(x, y, 0.9), [230, 232, 240], 0.9);
            }
            let moon = (w * rng.random_range(0.6..0.85), h * 0.14);
            ink::fill(
                pixmap,
                shapes::circle(moon.0, moon.1, h * 0.05),
                [236, 234, 214],
                1.0,
            );
        }
        _ if overcast => {}
        time => {
            let (x, y, r, rgb) = match time {
                TimeOfDay::Morning => (w * 0.2, horizon * 0.55, h * 0.05, [255, 240, 190]),
                TimeOfDay::Noon => (w * 0.75, h * 0.1, h * 0.045, [255, 250, 220]),
                _ => (w * 0.5, horizon - h * 0.02, h * 0.08, [238, 70, 40]),
            };
            ink::fill(pixmap, shapes::circle(x, y, r * 1.6), rgb, 0.25);
            ink::fill(pixmap, shapes::circle(x, y, r), rgb, 1.0);
        }
    }
    let (clouds, rgb, alpha) = match (spec.weather, spec.time) {
        (Weather::Clear, TimeOfDay::Night) => (0, [0; 3], 0.0),
        (Weather::Clear, _) => (2, [250, 250, 250], 0.85),
        (_, TimeOfDay::Night) => (6, [54, 58, 70], 0.9),
        _ => (7, [206, 208, 212], 0.95),
    };
    for _ in 0..clouds {
        let (cx, cy) = (
            rng.random_range(0.0..w),
            rng.random_range(h * 0.06..horizon * 0.6),
        );
        let size = h * rng.random_range(0.05..0.09);
        for k in -2i8..=2 {
            let dx = f32::from(k) * size * 0.8;
            let lift = size * (0.5 - f32::from(k.unsigned_abs()) * 0.2);
            ink::fill(
                pixmap,
                shapes::ellipse(cx + dx, cy - lift, size, size * 0.75),
                rgb,
                alpha,
            );
        }
    }
}

fn meadow(spec: &LandscapeSpec, pixmap: &mut Pixmap) {
    let (w, h) = (pixmap.width() as f32, pixmap.height() as f32);
    let horizon = h * HORIZON;
    let light = match spec.time {
        TimeOfDay::Night => 0.35,
        TimeOfDay::Sunset => 0.8,
        _ => 1.0,
    };
    let (hill, grass) = if spec.weather == Weather::Snowy {
        ([214, 220, 228], [238, 240, 244])
    } else {
        ([70, 128, 76], [96, 164, 70])
    };
    ink::fill(
        pixmap,
        shapes::smooth(&[
            (-w * 0.1, horizon + 2.0),
            (w * 0.2, horizon - h * 0.08),
            (w * 0.55, horizon - h * 0.03),
            (w * 0.85, horizon - h * 0.1),
            (w * 1.1, horizon + 2.0),
        ]),
        shade(hill, light),
        1.0,
    );
    ink::fill(
        pixmap,
        shapes::rect(0.0, horizon, w, h - horizon),
        shade(grass, light),
        1.0,
    );
}

/// Where animal `index` of `count` stands: left edge, top, and pixels per figure unit.
fn placement(
    spec: &LandscapeSpec,
    w: f32,
    h: f32,
    index: u8,
    rng: &mut ChaCha8Rng,
) -> (f32, f32, f32) {
    let slot = w * 0.94 / f32::from(spec.count);
    let figure = figure(spec.animal);
    let scale = (slot * 0.78).min(h * 0.3 / figure.height) * rng.random_range(0.9..1.0);
    let left = w * 0.03 + slot * f32::from(index) + (slot - scale) * rng.random_range(0.3..0.7);
    let feet = h * rng.random_range(0.8..0.92);
    (left, feet - figure.height * scale, scale)
}

fn draw_animals(spec: &LandscapeSpec, pixmap: &mut Pixmap, rng: &mut ChaCha8Rng) {
    let (w, h) = (pixmap.width() as f32, pixmap.height() as f32);
    for index in 0..spec.count {
        let (left, top, scale) = placement(spec, w, h, index, rng);
        let facing_right = rng.random_bool(0.5);
        let pen = Pen {
            left,
            top,
            scale,
            facing_right,
        };
        draw(spec.animal, &pen, pixmap);
    }
}

fn falling(spec: &LandscapeSpec, pixmap: &mut Pixmap, rng: &mut ChaCha8Rng) {
    let (w, h) = (pixmap.width() as f32, pixmap.height() as f32);
    match spec.weather {
        Weather::Rainy => {
            for _ in 0..140 {
                let (x, y) = (rng.random_range(0.0..w), rng.random_range(0.0..h));
                ink::stroke(
                    pixmap,
                    shapes::line(x, y, x - h * 0.012, y + h * 0.04),
                    [190, 200, 216],
                    1.0,
                );
            }
        }
        Weather::Snowy => {
            for _ in 0..160 {
                let (x, y) = (rng.random_range(0.0..w), rng.random_range(0.0..h));
                ink::fill(pixmap, shapes::circle(x, y, h * 0.004), [255; 3], 0.9);
            }
        }
        _ => {}
    }
}

/// Maps an animal's figure units (x: 0 tail … 1 nose, y: 0 top … `height` feet) to pixels.
struct Pen {
    left: f32,
    top: f32,
    scale: f32,
    facing_right: bool,
}

impl Pen {
    fn at(&self, x: f32, y: f32) -> (f32, f32) {
        let x = if self.facing_right { x } else { 1.0 - x };
        (self.left + x * self.scale, self.top + y * self.scale)
    }

    fn ellipse(&self, pixmap: &mut Pixmap, (x, y): (f32, f32), (rx, ry): (f32, f32), rgb: Rgb) {
        let (cx, cy) = self.at(x, y);
        let path = shapes::ellipse(cx, cy, rx * self.scale, ry * self.scale);
        ink::fill(pixmap, path.clone(), rgb, 1.0);
        ink::stroke(pixmap, path, shade(rgb, 0.6), (self.scale * 0.012).max(0.6));
    }

    fn limb(&self, pixmap: &mut Pixmap, from: (f32, f32), to: (f32, f32), width: f32, rgb: Rgb) {
        let (a, b) = (self.at(from.0, from.1), self.at(to.0, to.1));
        ink::stroke(
            pixmap,
            shapes::line(a.0, a.1, b.0, b.1),
            rgb,
            width * self.scale,
        );
    }

    fn polygon(&self, pixmap: &mut Pixmap, points: &[(f32, f32)], rgb: Rgb) {
        let mapped: Vec<(f32, f32)> = points.iter().map(|&(x, y)| self.at(x, y)).collect();
        ink::fill(pixmap, shapes::poly(&mapped), rgb, 1.0);
    }
}

/// The proportions of an animal, in figure units.
struct Figure {
    /// Feet below the top.
    height: f32,
    /// Body centre and radii.
    body: ((f32, f32), (f32, f32)),
    /// Head centre and radius.
    head: ((f32, f32), f32),
    /// Main and darker colours.
    coat: Rgb,
    dark: Rgb,
}

fn figure(animal: Animal) -> Figure {
    match animal {
        Animal::Dog => Figure {
            height: 0.62,
            body: ((0.45, 0.34), (0.26, 0.12)),
            head: ((0.83, 0.18), 0.09),
            coat: [150, 100, 55],
            dark: [84, 54, 30],
        },
        Animal::Cat => Figure {
            height: 0.5,
            body: ((0.45, 0.3), (0.25, 0.1)),
            head: ((0.82, 0.16), 0.085),
            coat: [226, 140, 60],
            dark: [150, 82, 30],
        },
        Animal::Cow => Figure {
            height: 0.72,
            body: ((0.44, 0.36), (0.3, 0.16)),
            head: ((0.84, 0.24), 0.09),
            coat: [244, 244, 238],
            dark: [32, 32, 34],
        },
        Animal::Sheep => Figure {
            height: 0.6,
            body: ((0.45, 0.32), (0.3, 0.17)),
            head: ((0.84, 0.24), 0.08),
            coat: [238, 236, 226],
            dark: [44, 42, 44],
        },
        Animal::Horse => Figure {
            height: 0.9,
            body: ((0.44, 0.4), (0.3, 0.13)),
            head: ((0.88, 0.13), 0.07),
            coat: [124, 72, 40],
            dark: [52, 32, 22],
        },
        Animal::Duck => Figure {
            height: 0.78,
            body: ((0.45, 0.52), (0.36, 0.2)),
            head: ((0.78, 0.2), 0.13),
            coat: [250, 218, 72],
            dark: [238, 128, 32],
        },
    }
}

/// Draws one animal through `pen`.
fn draw(animal: Animal, pen: &Pen, pixmap: &mut Pixmap) {
    let f = figure(animal);
    let ((bx, by), (rx, ry)) = f.body;
    let ((hx, hy), hr) = f.head;
    if animal == Animal::Duck {
        pen.limb(pixmap, (0.4, 0.68), (0.4, f.height), 0.03, f.dark);
        pen.limb(pixmap, (0.5, 0.68), (0.5, f.height), 0.03, f.dark);
        pen.polygon(pixmap, &[(0.08, 0.42), (0.0, 0.3), (0.2, 0.4)], f.coat);
        pen.ellipse(pixmap, (bx, by), (rx, ry), f.coat);
        pen.limb(pixmap, (0.7, 0.45), (hx, hy), 0.12, f.coat);
        pen.ellipse(pixmap, (hx, hy), (hr, hr), f.coat);
        pen.polygon(pixmap, &[(0.88, 0.17), (1.0, 0.22), (0.88, 0.26)], f.dark);
        pen.ellipse(pixmap, (0.8, 0.17), (0.022, 0.022), [20; 3]);
        return;
    }
    let leg_top = by + ry * 0.5;
    let leg_width = match animal {
        Animal::Cat => 0.04,
        Animal::Horse => 0.045,
        _ => 0.055,
    };
    let legs = match animal {
        Animal::Sheep => f.dark,
        _ => shade(f.coat, 0.85),
    };
    for x in [bx - rx * 0.7, bx - rx * 0.45, bx + rx * 0.45, bx + rx * 0.7] {
        pen.limb(
            pixmap,
            (x, leg_top),
            (x, f.height - leg_width / 2.0),
            leg_width,
            legs,
        );
    }
    // The tail, behind the body.
    let tail = match animal {
        Animal::Cat => [(bx - rx * 0.9, by), (0.02, by - 0.2)],
        Animal::Dog => [(bx - rx * 0.9, by - 0.02), (0.04, by - 0.12)],
        Animal::Horse => [(bx - rx * 0.95, by - 0.05), (0.02, by + 0.25)],
        _ => [(bx - rx * 0.95, by), (bx - rx * 1.05, by + 0.2)],
    };
    let tail_width = if animal == Animal::Horse { 0.06 } else { 0.035 };
    let tail_colour = if animal == Animal::Horse {
        f.dark
    } else {
        shade(f.coat, 0.85)
    };
    pen.limb(pixmap, tail[0], tail[1], tail_width, tail_colour);
    if animal == Animal::Sheep {
        // Wool: a ring of puffs around the body.
        for k in 0..7 {
            let a = k as f32 / 7.0 * std::f32::consts::TAU;
            pen.ellipse(
                pixmap,
                (bx + rx * 0.75 * a.cos(), by + ry * 0.7 * a.sin()),
                (rx * 0.35, ry * 0.5),
                f.coat,
            );
        }
    }
    pen.ellipse(pixmap, (bx, by), (rx, ry), f.coat);
    if animal == Animal::Cow {
        pen.ellipse(
            pixmap,
            (bx - rx * 0.3, by - ry * 0.2),
            (rx * 0.25, ry * 0.45),
            f.dark,
        );
        pen.ellipse(
            pixmap,
            (bx + rx * 0.35, by + ry * 0.25),
            (rx * 0.2, ry * 0.35),
            f.dark,
        );
    }
    // The neck joins body and head.
    let neck_colour = if animal == Animal::Sheep {
        f.dark
    } else {
        f.coat
    };
    pen.limb(
        pixmap,
        (bx + rx * 0.75, by - ry * 0.3),
        (hx, hy),
        hr * 1.1,
        neck_colour,
    );
    if animal == Animal::Horse {
        pen.limb(
            pixmap,
            (bx + rx * 0.6, by - ry * 0.9),
            (hx - 0.04, hy - 0.05),
            0.035,
            f.dark,
        );
    }
    let head_colour = if animal == Animal::Sheep {
        f.dark
    } else {
        f.coat
    };
    match animal {
        Animal::Cat => {
            pen.polygon(
                pixmap,
                &[
                    (hx - 0.07, hy - 0.04),
                    (hx - 0.06, hy - 0.15),
                    (hx, hy - 0.07),
                ],
                f.coat,
            );
            pen.polygon(
                pixmap,
                &[
                    (hx, hy - 0.07),
                    (hx + 0.06, hy - 0.15),
                    (hx + 0.07, hy - 0.04),
                ],
                f.coat,
            );
        }
        Animal::Horse => {
            pen.polygon(
                pixmap,
                &[
                    (hx - 0.05, hy - 0.04),
                    (hx - 0.04, hy - 0.13),
                    (hx, hy - 0.05),
                ],
                f.coat,
            );
        }
        Animal::Cow => {
            pen.limb(
                pixmap,
                (hx - 0.03, hy - 0.07),
                (hx - 0.06, hy - 0.13),
                0.02,
                [230, 220, 190],
            );
            pen.limb(
                pixmap,
                (hx + 0.03, hy - 0.07),
                (hx + 0.06, hy - 0.13),
                0.02,
                [230, 220, 190],
            );
        }
        _ => {}
    }
    pen.ellipse(pixmap, (hx, hy), (hr, hr), head_colour);
    // The muzzle, longer on grazing animals.
    let (muzzle, reach) = match animal {
        Animal::Horse => (0.06, 0.08),
        Animal::Cow => (0.05, 0.06),
        Animal::Cat => (0.035, 0.05),
        _ => (0.045, 0.07),
    };
    pen.ellipse(
        pixmap,
        ((hx + reach).min(1.0 - muzzle), hy + 0.03),
        (muzzle, muzzle * 0.8),
        head_colour,
    );
    if matches!(animal, Animal::Dog | Animal::Sheep) {
        pen.ellipse(pixmap, (hx - 0.04, hy + 0.02), (0.03, 0.07), f.dark);
    }
    let eye = if animal == Animal::Sheep {
        [240, 240, 230]
    } else {
        [20; 3]
    };
    pen.ellipse(pixmap, (hx + 0.02, hy - 0.02), (0.016, 0.016), eye);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scene(time: TimeOfDay, weather: Weather, animal: Animal, count: u8) -> LandscapeSpec {
        LandscapeSpec {
            time,
            weather,
            animal,
            count,
            variation: u64::from(count) * 13 + 5,
        }
    }

    /// Runs of columns holding animal pixels (animals drawn alone on a clear canvas).
    fn figures(spec: &LandscapeSpec, w: u32, h: u32) -> usize {
        let mut pixmap = Pixmap::new(w, h).expect("valid size");
        let mut rng = ChaCha8Rng::seed_from_u64(spec.variation);
        draw_animals(spec, &mut pixmap, &mut rng);
        crate::opaque_column_runs(&pixmap)
    }

    #[test]
    fn the_animal_count_is_the_number_drawn() {
        for animal in Animal::ALL {
            for count in 1..=MAX_ANIMALS {
                for (w, h) in [(640, 480), (320, 240)] {
                    let spec = scene(TimeOfDay::Noon, Weather::Clear, animal, count);
                    assert_eq!(
                        figures(&spec, w, h),
                        usize::from(count),
                        "{animal:?} x{count} at {w}x{h}"
                    );
                }
            }
        }
    }

    /// Mean colour of the sky band's middle rows.
    fn sky_colour(spec: &LandscapeSpec) -> [f32; 3] {
        let mut pixmap = Pixmap::new(320, 240).expect("valid size");
        render(spec, &mut pixmap).expect("renders");
        let mut sum = [0f32; 3];
        let mut n = 0f32;
        for y in 30..90 {
            for x in 0..320 {
                if let Some(p) = pixmap.pixel(x, y) {
                    sum[0] += f32::from(p.red());
                    sum[1] += f32::from(p.green());
                    sum[2] += f32::from(p.blue());
                    n += 1.0;
                }
            }
        }
        sum.map(|s| s / n)
    }

    #[test]
    fn the_sky_shows_the_time_of_day_and_the_cloud() {
        for animal in [Animal::Cow, Animal::Duck] {
            let noon = sky_colour(&scene(TimeOfDay::Noon, Weather::Clear, animal, 2));
            let sunset = sky_colour(&scene(TimeOfDay::Sunset, Weather::Clear, animal, 2));
            let night = sky_colour(&scene(TimeOfDay::Night, Weather::Clear, animal, 2));
            let grey = sky_colour(&scene(TimeOfDay::Noon, Weather::Cloudy, animal, 2));
            assert!(noon[2] > noon[0] + 60.0, "noon is blue: {noon:?}");
            assert!(sunset[0] > sunset[2] + 80.0, "sunset is orange: {sunset:?}");
            assert!(night.iter().all(|&c| c < 70.0), "night is dark: {night:?}");
            let spread = grey.iter().fold(0f32, |m, &c| m.max(c))
                - grey.iter().fold(255f32, |m, &c| m.min(c));
            assert!(spread < 40.0, "cloud greys the sky: {grey:?}");
        }
        assert_eq!(
            scene(TimeOfDay::Sunset, Weather::Clear, Animal::Cat, 1).sky(),
            "orange"
        );
        assert_eq!(
            scene(TimeOfDay::Noon, Weather::Rainy, Animal::Cat, 1).sky(),
            "gray"
        );
    }

    #[test]
    fn counts_outside_the_range_are_refused() {
        for count in [0, MAX_ANIMALS + 1] {
            let error = scene(TimeOfDay::Noon, Weather::Clear, Animal::Dog, count)
                .validate()
                .expect_err("out of range");
            assert!(error.to_string().contains("1 to 6 animals"), "{error}");
        }
    }
}
