//! Charts with exact values: bar, line and pie charts drawn from a [`ChartSpec`] (title,
//! labels, values), every value printed beside its mark so the picture states its data.

use serde::{Deserialize, Serialize};
use tiny_skia::Pixmap;

use super::error::ImageryError;
use super::ink::{self, Align, Text};
use super::painter::Rgb;
use super::shapes;
use super::spec::NamedColor;

/// Most labels (bars, points or slices) a chart may have.
pub const MAX_CHART_ENTRIES: usize = 12;
/// Largest value a chart may show.
pub const MAX_CHART_VALUE: u32 = 1_000_000;
/// Longest title or label, in characters.
pub const MAX_CHART_TEXT: usize = 60;

/// How a chart shows its values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum ChartKind {
    /// Vertical bars, one per label.
    Bar,
    /// Points joined by a line, one per label.
    Line,
    /// Slices of a circle with a legend.
    Pie,
}

impl ChartKind {
    /// The kind's name ("bar").
    pub fn name(self) -> &'static str {
        match self {
            ChartKind::Bar => "bar",
            ChartKind::Line => "line",
            ChartKind::Pie => "pie",
        }
    }
}

/// Everything a chart shows: its kind, title, and one value per label, in order.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ChartSpec {
    /// Bar, line or pie.
    pub kind: ChartKind,
    /// The heading printed above the chart.
    pub title: String,
    /// The labels along the axis (or in the legend), in order.
    pub labels: Vec<String>,
    /// One value per label.
    pub values: Vec<u32>,
    /// The colour of bars and lines (pie slices take a fixed palette).
    pub colour: NamedColor,
}

impl ChartSpec {
    /// The label with the largest value (the first of equals), if any.
    pub fn highest(&self) -> Option<&str> {
        let best = self.values.iter().copied().max()?;
        self.entry_with(best)
    }

    /// The label with the smallest value (the first of equals), if any.
    pub fn lowest(&self) -> Option<&str> {
        let least = self.values.iter().copied().min()?;
        self.entry_with(least)
    }

    /// The value shown for `label`, if the chart has it.
    pub fn value_of(&self, label: &str) -> Option<u32> {
        let index = self.labels.iter().position(|l| l == label)?;
        self.values.get(index).copied()
    }

    fn entry_with(&self, value: u32) -> Option<&str> {
        let index = self.values.iter().position(|&v| v == value)?;
        self.labels.get(index).map(String::as_str)
    }

    /// Checks the spec can be drawn legibly.
    pub fn validate(&self) -> Result<(), ImageryError> {
        let invalid = |reason: String| Err(ImageryError::InvalidSpec(reason));
        if self.labels.len() != self.values.len() {
            return invalid(format!(
                "a chart needs one value per label ({} labels, {} values)",
                self.labels.len(),
                self.values.len()
            ));
        }
        if !(2..=MAX_CHART_ENTRIES).contains(&self.labels.len()) {
            return invalid(format!(
                "a chart shows 2 to {MAX_CHART_ENTRIES} values, not {}",
                self.labels.len()
            ));
        }
        if let Some(value) = self.values.iter().find(|&&v| v > MAX_CHART_VALUE) {
            return invalid(format!(
                "chart value {value} is above the largest drawable, {MAX_CHART_VALUE}"
            ));
        }
        if self.kind == ChartKind::Pie && self.values.iter().all(|&v| v == 0) {
            return invalid("a pie chart needs at least one value above zero".into());
        }
        let long = std::iter::once(&self.title)
            .chain(&self.labels)
            .find(|text| text.chars().count() > MAX_CHART_TEXT);
        if let Some(text) = long {
            return invalid(format!(
                "chart text \"{text}\" is longer than {MAX_CHART_TEXT} characters"
            ));
        }
        Ok(())
    }
}

/// Background of every chart.
const PAPER: Rgb = [252, 252, 250];
/// Text and axes.
const INK: Rgb = [40, 42, 48];
/// Grid lines.
const GRID: Rgb = [222, 224, 228];

/// Slice colours of a pie chart, in order (distinct to the eye and to a colour namer).
pub const PIE_PALETTE: [NamedColor; 8] = [
    NamedColor::Blue,
    NamedColor::Orange,
    NamedColor::Green,
    NamedColor::Red,
    NamedColor::Purple,
    NamedColor::Brown,
    NamedColor::Pink,
    NamedColor::Gray,
];

/// The colour of pie slice `index` (the palette repeats after eight).
pub fn slice_colour(index: usize) -> NamedColor {
    PIE_PALETTE[index % PIE_PALETTE.len()]
}

/// A round axis step: 1, 2 or 5 × 10ⁿ, so that four steps reach `max`.
fn axis_step(max: u32) -> u32 {
    let raw = f64::from(max.max(1)) / 4.0;
    let magnitude = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * magnitude)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * magnitude);
    (step.round() as u32).max(1)
}

/// The plot's frame in pixels.
#[derive(Debug, Clone, Copy)]
struct Frame {
    left: f32,
    right: f32,
    top: f32,
    bottom: f32,
}

impl Frame {
    fn slot(&self, count: usize) -> f32 {
        (self.right - self.left) / count.max(1) as f32
    }

    fn centre(&self, count: usize, index: usize) -> f32 {
        self.left + self.slot(count) * (index as f32 + 0.5)
    }
}

/// Renders a chart.
pub(crate) fn render(spec: &ChartSpec, pixmap: &mut Pixmap) -> Result<(), ImageryError> {
    spec.validate()?;
    let (w, h) = (pixmap.width() as f32, pixmap.height() as f32);
    pixmap.fill(tiny_skia::Color::from_rgba8(
        PAPER[0], PAPER[1], PAPER[2], 255,
    ));
    let title_size = ink::fitting_size(&spec.title, h * 0.065, w * 0.92)?;
    ink::text(
        pixmap,
        &Text {
            text: &spec.title,
            size: title_size,
            x: w / 2.0,
            baseline: h * 0.04 + title_size,
            align: Align::Centre,
            rgb: INK,
            outline: None,
        },
    )?;
    match spec.kind {
        ChartKind::Bar | ChartKind::Line => axes(spec, pixmap),
        ChartKind::Pie => pie(spec, pixmap),
    }
}

/// Bar and line charts: value axis with round steps, grid, marks, value and category labels.
fn axes(spec: &ChartSpec, pixmap: &mut Pixmap) -> Result<(), ImageryError> {
    let (w, h) = (pixmap.width() as f32, pixmap.height() as f32);
    let max = spec.values.iter().copied().max().unwrap_or(0);
    let step = axis_step(max);
    let steps = max.div_ceil(step).max(1) + u32::from(max % step == 0 && max > 0);
    let top_value = (step * steps) as f32;
    let frame = Frame {
        left: w * 0.13,
        right: w * 0.97,
        top: h * 0.18,
        bottom: h * 0.84,
    };
    let y_of = |value: u32| frame.bottom - value as f32 / top_value * (frame.bottom - frame.top);
    let small = h * 0.036;
    for tick in 0..=steps {
        let y = y_of(step * tick);
        ink::stroke(
            pixmap,
            shapes::line(frame.left, y, frame.right, y),
            GRID,
            1.0,
        );
        let label = (step * tick).to_string();
        let size = ink::fitting_size(&label, small, frame.left - w * 0.03)?;
        ink::text(
            pixmap,
            &Text {
                text: &label,
                size,
                x: frame.left - w * 0.015,
                baseline: y + size * 0.35,
                align: Align::Right,
                rgb: INK,
                outline: None,
            },
        )?;
    }
    let count = spec.values.len();
    let slot = frame.slot(count);
    let colour = spec.colour.rgb();
    let points: Vec<(f32, f32)> = spec
        .values
        .iter()
        .enumerate()
        .map(|(i, &v)| (frame.centre(count, i), y_of(v)))
        .collect();
    match spec.kind {
        ChartKind::Line => {
            ink::stroke(pixmap, shapes::polyline(&points), colour, h * 0.008);
            for &(x, y) in &points {
                ink::fill(pixmap, shapes::circle(x, y, h * 0.012), colour, 1.0);
            }
        }
        _ => {
            for &(x, y) in &points {
                let bar = slot * 0.62;
                ink::fill(
                    pixmap,
                    shapes::rect(x - bar / 2.0, y, bar, frame.bottom - y),
                    colour,
                    1.0,
                );
            }
        }
    }
    ink::stroke(
        pixmap,
        shapes::polyline(&[
            (frame.left, frame.top),
            (frame.left, frame.bottom),
            (frame.right, frame.bottom),
        ]),
        INK,
        1.5,
    );
    for (i, (&(x, y), label)) in points.iter().zip(&spec.labels).enumerate() {
        let value = spec.values[i].to_string();
        let size = ink::fitting_size(&value, small, slot * 0.95)?;
        ink::text(
            pixmap,
            &Text {
                text: &value,
                size,
                x,
                baseline: y - h * 0.018,
                align: Align::Centre,
                rgb: INK,
                outline: None,
            },
        )?;
        let size = ink::fitting_size(label, small, slot * 0.95)?;
        ink::text(
            pixmap,
            &Text {
                text: label,
                size,
                x,
                baseline: frame.bottom + h * 0.02 + size,
                align: Align::Centre,
                rgb: INK,
                outline: None,
            },
        )?;
    }
    Ok(())
}

/// A wedge of the circle at (`cx`, `cy`) from `start` to `end` (radians, clockwise from
/// the top), as a polygon fine enough to look round.
fn wedge(cx: f32, cy: f32, r: f32, start: f32, end: f32) -> Option<tiny_skia::Path> {
    let segments = (((end - start) / 0.05).ceil() as usize).max(1);
    let mut points = vec![(cx, cy)];
    for k in 0..=segments {
        let a = start + (end - start) * k as f32 / segments as f32;
        points.push((cx + r * a.sin(), cy - r * a.cos()));
    }
    shapes::poly(&points)
}

/// Pie chart: slices clockwise from the top, a legend of label and value on the right.
fn pie(spec: &ChartSpec, pixmap: &mut Pixmap) -> Result<(), ImageryError> {
    let (w, h) = (pixmap.width() as f32, pixmap.height() as f32);
    let (cx, cy) = (w * 0.33, h * 0.57);
    let r = (w * 0.27).min(h * 0.36);
    let total: f32 = spec.values.iter().map(|&v| v as f32).sum();
    let mut start = 0.0f32;
    for (i, &value) in spec.values.iter().enumerate() {
        let end = start + value as f32 / total * std::f32::consts::TAU;
        if end > start {
            ink::fill(
                pixmap,
                wedge(cx, cy, r, start, end),
                slice_colour(i).rgb(),
                1.0,
            );
            // A thin paper gap between slices.
            ink::stroke(
                pixmap,
                shapes::line(cx, cy, cx + r * start.sin(), cy - r * start.cos()),
                PAPER,
                1.5,
            );
        }
        start = end;
    }
    let rows = spec.values.len() as f32;
    let row = (h * 0.7 / rows).min(h * 0.075);
    let size = row * 0.6;
    let legend_left = w * 0.66;
    let first = cy - row * rows / 2.0;
    for (i, (label, value)) in spec.labels.iter().zip(&spec.values).enumerate() {
        let y = first + row * i as f32;
        ink::fill(
            pixmap,
            shapes::rect(legend_left, y + row * 0.2, size, size),
            slice_colour(i).rgb(),
            1.0,
        );
        let entry = format!("{label}: {value}");
        let fitted = ink::fitting_size(&entry, size, w * 0.97 - legend_left - size * 1.5)?;
        ink::text(
            pixmap,
            &Text {
                text: &entry,
                size: fitted,
                x: legend_left + size * 1.5,
                baseline: y + row * 0.2 + size * 0.85,
                align: Align::Left,
                rgb: INK,
                outline: None,
            },
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart(kind: ChartKind, values: &[u32]) -> ChartSpec {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug"];
        ChartSpec {
            kind,
            title: "Monthly rainfall (mm)".into(),
            labels: months[..values.len()].iter().map(|m| (*m).into()).collect(),
            values: values.to_vec(),
            colour: NamedColor::Blue,
        }
    }

    fn drawn(spec: &ChartSpec) -> Pixmap {
        let mut pixmap = Pixmap::new(640, 480).expect("valid size");
        render(spec, &mut pixmap).expect("drawable");
        pixmap
    }

    fn is(pixmap: &Pixmap, x: u32, y: u32, rgb: Rgb) -> bool {
        pixmap.pixel(x, y).is_some_and(|p| {
            [p.red(), p.green(), p.blue()]
                .iter()
                .zip(rgb)
                .all(|(&a, b)| a.abs_diff(b) < 12)
        })
    }

    #[test]
    fn bar_heights_follow_the_values() {
        let values = [30, 80, 55, 10, 95, 60];
        let spec = chart(ChartKind::Bar, &values);
        let pixmap = drawn(&spec);
        let heights: Vec<u32> = (0..values.len())
            .map(|i| {
                let x = (640.0 * 0.13 + 640.0 * 0.84 / 6.0 * (i as f32 + 0.5)) as u32;
                (0..480)
                    .filter(|&y| is(&pixmap, x, y, NamedColor::Blue.rgb()))
                    .count() as u32
            })
            .collect();
        for (i, j) in [(0, 1), (3, 0), (2, 5), (1, 4), (5, 1)] {
            assert!(heights[i] < heights[j], "{heights:?}");
        }
        // Heights are proportional to values, to within a pixel or two.
        let per_unit = heights[4] as f32 / 95.0;
        for (height, value) in heights.iter().zip(values) {
            assert!(
                (*height as f32 - value as f32 * per_unit).abs() < 2.5,
                "{heights:?}"
            );
        }
        assert_eq!(spec.highest(), Some("May"));
        assert_eq!(spec.lowest(), Some("Apr"));
        assert_eq!(spec.value_of("Mar"), Some(55));
    }

    #[test]
    fn the_highest_point_of_a_line_chart_is_the_highest_value() {
        let values = [20, 45, 90, 35];
        let pixmap = drawn(&chart(ChartKind::Line, &values));
        let top_of = |i: usize| {
            let x = (640.0 * 0.13 + 640.0 * 0.84 / 4.0 * (i as f32 + 0.5)) as u32;
            (0..480)
                .find(|&y| is(&pixmap, x, y, NamedColor::Blue.rgb()))
                .unwrap_or(480)
        };
        let tops: Vec<u32> = (0..4).map(top_of).collect();
        assert!(
            tops[2] < tops[1] && tops[1] < tops[3] && tops[3] < tops[0],
            "{tops:?}"
        );
    }

    #[test]
    fn pie_slices_take_their_share_of_the_circle() {
        let values = [50, 30, 20];
        let pixmap = drawn(&chart(ChartKind::Pie, &values));
        // Only the pie's region: the legend's swatches are to the right of it.
        let area = |colour: NamedColor| {
            (0..400u32)
                .flat_map(|x| (0..480u32).map(move |y| (x, y)))
                .filter(|&(x, y)| is(&pixmap, x, y, colour.rgb()))
                .count() as f32
        };
        let shares: Vec<f32> = (0..3).map(|i| area(slice_colour(i))).collect();
        let total: f32 = shares.iter().sum();
        for (share, value) in shares.iter().zip(values) {
            assert!(
                (share / total - value as f32 / 100.0).abs() < 0.02,
                "{shares:?}"
            );
        }
    }

    #[test]
    fn undrawable_charts_are_refused_with_the_reason() {
        let mut spec = chart(ChartKind::Bar, &[1, 2, 3]);
        spec.values.pop();
        let error = spec.validate().expect_err("mismatched lengths");
        assert!(error.to_string().contains("one value per label"), "{error}");
        let one = chart(ChartKind::Bar, &[5]);
        assert!(one.validate().is_err());
        let zero_pie = chart(ChartKind::Pie, &[0, 0]);
        assert!(zero_pie.validate().is_err());
        let huge = chart(ChartKind::Line, &[1, MAX_CHART_VALUE + 1]);
        assert!(huge.validate().is_err());
    }

    #[test]
    fn axis_steps_are_round_and_reach_the_maximum() {
        assert_eq!(axis_step(95), 50);
        assert_eq!(axis_step(40), 10);
        assert_eq!(axis_step(7), 2);
        assert_eq!(axis_step(0), 1);
        assert_eq!(axis_step(1_000_000), 500_000);
    }
}
