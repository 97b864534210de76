//! Horizontal bar charts drawn as inline SVG by the template: the geometry is computed here.

/// Left column for labels, in px.
const LABEL_WIDTH: u32 = 180;
/// Longest bar, in px.
const BAR_AREA: u32 = 320;
/// Height of one row, in px.
const ROW_HEIGHT: u32 = 18;

/// One bar.
pub struct Bar {
    /// What it stands for.
    pub label: String,
    /// Its value as shown.
    pub text: String,
    /// Top edge, in px.
    pub y: u32,
    /// Bar length, in px.
    pub length: u32,
}

/// A chart: title, size and bars.
pub struct BarChart {
    /// Heading.
    pub title: String,
    /// SVG width.
    pub width: u32,
    /// SVG height.
    pub height: u32,
    /// Where bars start.
    pub bar_x: u32,
    /// Where value texts start.
    pub text_x: u32,
    /// The bars.
    pub bars: Vec<Bar>,
}

impl BarChart {
    fn new(
        title: &str,
        values: Vec<(String, f64)>,
        scale: f64,
        text: impl Fn(f64) -> String,
    ) -> Self {
        let bars = values
            .into_iter()
            .enumerate()
            .map(|(index, (label, value))| Bar {
                label,
                text: text(value),
                y: index as u32 * ROW_HEIGHT,
                length: if scale > 0.0 {
                    ((value / scale).clamp(0.0, 1.0) * f64::from(BAR_AREA)).round() as u32
                } else {
                    0
                },
            })
            .collect::<Vec<_>>();
        Self {
            title: title.to_owned(),
            width: LABEL_WIDTH + BAR_AREA + 90,
            height: (bars.len() as u32).max(1) * ROW_HEIGHT,
            bar_x: LABEL_WIDTH,
            text_x: LABEL_WIDTH + BAR_AREA + 6,
            bars,
        }
    }

    /// Rates in `[0, 1]`, shown as percentages.
    pub fn percentages(title: &str, values: Vec<(String, f64)>) -> Self {
        Self::new(title, values, 1.0, |value| format!("{:.1}%", value * 100.0))
    }

    /// Counts or amounts, scaled to the largest; `unit` follows each value.
    pub fn counts(title: &str, values: Vec<(String, f64)>, unit: &str) -> Self {
        let largest = values.iter().map(|(_, value)| *value).fold(0.0, f64::max);
        Self::new(title, values, largest, |value| format!("{value}{unit}"))
    }
}

/// `buckets` equal-width ranges over `values`, labelled `low–high`, with their counts.
pub fn histogram(values: &[f64], buckets: usize) -> Vec<(String, f64)> {
    if values.is_empty() {
        return Vec::new();
    }
    let low = values.iter().copied().fold(f64::INFINITY, f64::min);
    let high = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let buckets = buckets.max(1);
    let width = ((high - low) / buckets as f64).max(1.0);
    let mut counts = vec![0usize; buckets];
    for value in values {
        let index = (((value - low) / width) as usize).min(buckets - 1);
        counts[index] += 1;
    }
    counts
        .into_iter()
        .enumerate()
        .map(|(index, count)| {
            let start = low + index as f64 * width;
            (format!("{:.0}–{:.0}", start, start + width), count as f64)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_scale_to_the_largest_value_and_histograms_cover_every_value() {
        let chart = BarChart::counts("steps", vec![("a".into(), 2.0), ("b".into(), 4.0)], "");
        assert_eq!(chart.bars[1].length, BAR_AREA);
        assert_eq!(chart.bars[0].length, BAR_AREA / 2);
        assert_eq!(chart.bars[1].y, ROW_HEIGHT);
        let buckets = histogram(&[10.0, 20.0, 30.0, 110.0], 4);
        assert_eq!(buckets.len(), 4);
        assert_eq!(buckets.iter().map(|(_, count)| count).sum::<f64>(), 4.0);
        assert_eq!(buckets[0], ("10–35".to_owned(), 3.0));
    }
}
