//! Watches standing on their strap as in a shop display: a smartwatch, an analog watch, a
//! fitness band and a round sports watch.

use super::super::painter::{IVORY, Painter, RUBBER};
use super::super::shapes::{circle, ellipse, line, rrect, smooth};
use crate::model::WatchModel;

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (110.0, 170.0);

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: WatchModel) {
    // The strap loops behind the case: a wide band above and below it.
    let width = if model == WatchModel::FitnessBand {
        30.0
    } else {
        40.0
    };
    p.tone(ellipse(55.0, 150.0, 44.0, 16.0), p.dim(0.65));
    p.body(rrect(55.0 - width / 2.0, 2.0, width, 166.0, 12.0));
    for y in [124.0, 136.0, 148.0] {
        p.flat(circle(55.0, y, 2.0), p.dim(0.45), 1.0);
    }
    p.tone(
        rrect(55.0 - width / 2.0 - 2.0, 18.0, width + 4.0, 8.0, 3.0),
        p.dim(0.8),
    );
    p.tone(
        rrect(55.0 - width / 2.0 - 2.0, 130.0, width + 4.0, 9.0, 3.0),
        p.secondary(),
    );
    match model {
        WatchModel::Smartwatch => {
            p.tone(rrect(24.0, 46.0, 62.0, 74.0, 16.0), [50, 52, 56]);
            p.glass(rrect(29.0, 51.0, 52.0, 64.0, 12.0));
            digits(p, 55.0, 83.0, [250, 250, 250]);
            p.tone(rrect(84.0, 64.0, 6.0, 14.0, 3.0), p.secondary());
        }
        WatchModel::AnalogWatch => {
            p.chrome(circle(55.0, 84.0, 34.0));
            p.tone(circle(55.0, 84.0, 28.0), IVORY);
            for i in 0..12 {
                let a = i as f32 * std::f32::consts::TAU / 12.0;
                let (s, c) = a.sin_cos();
                p.line(
                    line(
                        55.0 + c * 22.0,
                        84.0 + s * 22.0,
                        55.0 + c * 26.0,
                        84.0 + s * 26.0,
                    ),
                    RUBBER,
                    1.5,
                );
            }
            p.line(line(55.0, 84.0, 55.0, 64.0), RUBBER, 2.5);
            p.line(line(55.0, 84.0, 70.0, 92.0), RUBBER, 2.5);
            p.line(line(55.0, 84.0, 40.0, 100.0), p.secondary(), 1.2);
            p.chrome(rrect(88.0, 80.0, 8.0, 8.0, 2.0));
        }
        WatchModel::FitnessBand => {
            p.tone(rrect(44.0, 50.0, 22.0, 70.0, 11.0), [40, 42, 46]);
            p.glass(rrect(47.0, 56.0, 16.0, 58.0, 8.0));
            for (i, y) in [70.0, 80.0, 90.0].into_iter().enumerate() {
                let w = [10.0, 7.0, 9.0][i];
                p.flat(rrect(55.0 - w / 2.0, y, w, 3.0, 1.0), [255, 255, 255], 0.85);
            }
            p.flat(circle(55.0, 102.0, 3.0), p.secondary(), 1.0);
        }
        _ => {
            for (x, y) in [(16.0, 66.0), (16.0, 102.0), (94.0, 66.0), (94.0, 102.0)] {
                p.chrome(rrect(x - 3.0, y - 4.0, 6.0, 8.0, 2.0));
            }
            p.body(circle(55.0, 84.0, 38.0));
            p.tone(circle(55.0, 84.0, 32.0), RUBBER);
            for i in 0..12 {
                let a = i as f32 * std::f32::consts::TAU / 12.0;
                let (s, c) = a.sin_cos();
                p.flat(circle(55.0 + c * 35.0, 84.0 + s * 35.0, 1.2), IVORY, 1.0);
            }
            p.tone(circle(55.0, 84.0, 24.0), [176, 186, 170]);
            digits(p, 55.0, 84.0, [30, 34, 30]);
            p.flat(rrect(43.0, 68.0, 24.0, 4.0, 1.0), p.secondary(), 1.0);
        }
    }
}

/// Four digit outlines and a colon in `ink`, as on a watch face showing the time.
fn digits(p: &mut Painter<'_>, cx: f32, cy: f32, ink: [u8; 3]) {
    for dx in [-18.0f32, -9.0, 3.0, 12.0] {
        let shape = smooth(&[
            (cx + dx, cy - 7.0),
            (cx + dx + 6.0, cy - 7.0),
            (cx + dx + 6.0, cy + 7.0),
            (cx + dx, cy + 7.0),
        ]);
        p.seam(shape, ink, 0.95, 1.6);
    }
    p.flat(circle(cx - 1.5, cy - 3.0, 1.0), ink, 1.0);
    p.flat(circle(cx - 1.5, cy + 3.0, 1.0), ink, 1.0);
}
