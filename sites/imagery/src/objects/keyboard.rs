//! Computer keyboards seen from above at an angle: full-size with a number pad, compact,
//! and a split ergonomic keyboard.

use super::super::painter::{Painter, RUBBER};
use super::super::shapes::{rounded, rrect};
use crate::model::KeyboardModel;

/// The local frame of a model.
pub(super) fn size(model: KeyboardModel) -> (f32, f32) {
    match model {
        KeyboardModel::CompactKeyboard => (180.0, 80.0),
        _ => (240.0, 90.0),
    }
}

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: KeyboardModel) {
    match model {
        KeyboardModel::FullSizeKeyboard => {
            case(p, 240.0, 90.0);
            keys(p, 14.0, 20.0, 150.0, 6, 14);
            keys(p, 172.0, 38.0, 54.0, 4, 4);
            accents(p, 14.0, 20.0, 150.0, 6);
        }
        KeyboardModel::CompactKeyboard => {
            case(p, 180.0, 80.0);
            keys(p, 12.0, 16.0, 156.0, 5, 14);
            accents(p, 12.0, 16.0, 156.0, 5);
        }
        _ => {
            // Two tented halves joined at the middle, with a padded palm rest.
            p.tone(rrect(6.0, 66.0, 228.0, 22.0, 8.0), RUBBER);
            p.body(rounded(
                &[
                    (6.0, 18.0),
                    (112.0, 6.0),
                    (128.0, 6.0),
                    (234.0, 18.0),
                    (238.0, 70.0),
                    (2.0, 70.0),
                ],
                10.0,
            ));
            p.tone(
                rounded(
                    &[(116.0, 8.0), (124.0, 8.0), (126.0, 68.0), (114.0, 68.0)],
                    2.0,
                ),
                p.dim(0.7),
            );
            keys(p, 16.0, 18.0, 92.0, 5, 7);
            keys(p, 132.0, 18.0, 92.0, 5, 7);
            accents(p, 16.0, 18.0, 92.0, 5);
        }
    }
}

/// The case: a slab seen from above at an angle, its front edge darker.
fn case(p: &mut Painter<'_>, w: f32, h: f32) {
    p.tone(rrect(0.0, h - 14.0, w, 14.0, 5.0), p.dim(0.7));
    p.body(rounded(
        &[(8.0, 4.0), (w - 8.0, 4.0), (w, h - 12.0), (0.0, h - 12.0)],
        8.0,
    ));
}

/// `rows` rows of `cols` keycaps from (`x`, `y`) across `w`, in a lighter tone of the
/// body colour with a dark legend each.
fn keys(p: &mut Painter<'_>, x: f32, y: f32, w: f32, rows: usize, cols: usize) {
    let step = w / cols as f32;
    let pitch = 9.5;
    for row in 0..rows {
        let yy = y + row as f32 * pitch;
        let shift = row as f32 * 0.6;
        for col in 0..cols {
            let xx = x + shift + col as f32 * step;
            p.tone(
                rrect(xx + 0.8, yy, step - 1.6, pitch - 2.0, 1.5),
                p.dim(1.12),
            );
            p.flat(
                rrect(xx + step * 0.3, yy + 2.0, step * 0.25, 2.0, 0.5),
                RUBBER,
                0.5,
            );
        }
    }
}

/// The space bar on the last of `rows` rows and accent keys in the second colour.
fn accents(p: &mut Painter<'_>, x: f32, y: f32, w: f32, rows: usize) {
    let step = w / 14.0;
    let last = y + (rows - 1) as f32 * 9.5;
    p.tone(
        rrect(x + step * 4.0, last, step * 6.0, 7.5, 1.5),
        p.dim(1.12),
    );
    p.tone(rrect(x + 0.8, y, step - 1.6, 7.5, 1.5), p.secondary());
    p.tone(
        rrect(x + w - step * 1.6, y + 2.0 * 9.5, step * 1.5, 7.5, 1.5),
        p.secondary(),
    );
}
