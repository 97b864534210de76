//! The benchmark set of `agora bench imagery`: varied specs that time every code path.

use super::spec::{Backdrop, ImageSpec, NamedColor, ObjectKind, Pattern};

/// Width of benchmark renders.
pub const BENCH_WIDTH: u32 = 400;
/// Height of benchmark renders.
pub const BENCH_HEIGHT: u32 = 300;

/// The `i`-th spec of the benchmark set: cycles kinds, models, colours, patterns,
/// counts, backdrops and text so every code path is timed.
pub fn sample_spec(i: usize) -> ImageSpec {
    let kinds = ObjectKind::ALL;
    let colors = NamedColor::ALL;
    let patterns = [
        Pattern::Solid,
        Pattern::Striped,
        Pattern::Dotted,
        Pattern::Checkered,
    ];
    ImageSpec {
        model: kinds[i % kinds.len()].model_at(i / kinds.len() % 3),
        primary: colors[i % colors.len()],
        secondary: Some(colors[(i * 5 + 3) % colors.len()]),
        count: (i % 4 + 1) as u8,
        pattern: patterns[i / 7 % patterns.len()],
        text: i.is_multiple_of(3).then(|| format!("SALE {i}")),
        backdrop: Backdrop::at(i % 3),
        variation: i as u64,
    }
}
