//! Phones standing upright, seen from the back: one camera, triple camera, camera bar;
//! an open flip phone from the front and a phone in an open wallet case.

use super::super::painter::{METAL, Painter, RUBBER, shade};
use super::super::shapes::{circle, line, rrect};
use crate::model::PhoneModel;

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (90.0, 170.0);

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: PhoneModel) {
    match model {
        PhoneModel::FlipPhone => return flip(p),
        PhoneModel::PhoneInAWalletCase => return wallet(p),
        _ => {}
    }
    // Metal frame, then the coloured back panel.
    p.chrome(rrect(3.0, 2.0, 84.0, 166.0, 15.0));
    p.body(rrect(5.0, 4.0, 80.0, 162.0, 13.0));
    p.flat(rrect(87.0, 40.0, 2.0, 22.0, 1.0), shade(METAL, 0.8), 1.0);
    // A faint logo and a glossy sheen across the back.
    p.flat(circle(45.0, 96.0, 8.0), [255; 3], 0.25);
    p.glow(28.0, 40.0, 40.0, [255; 3], 0.18);
    match model {
        PhoneModel::PhoneWithOneCamera => {
            p.tone(rrect(12.0, 12.0, 24.0, 24.0, 7.0), p.dim(0.85));
            lens(p, 24.0, 24.0, 7.5);
            p.flat(circle(42.0, 16.0, 3.0), [250, 246, 220], 1.0);
        }
        PhoneModel::PhoneWithTripleCamera => {
            p.tone(rrect(10.0, 10.0, 40.0, 40.0, 10.0), p.dim(0.82));
            lens(p, 21.0, 21.0, 7.0);
            lens(p, 21.0, 39.0, 7.0);
            lens(p, 39.0, 30.0, 7.0);
            p.flat(circle(40.0, 15.0, 2.5), [250, 246, 220], 1.0);
        }
        _ => {
            p.tone(rrect(5.0, 22.0, 80.0, 20.0, 6.0), RUBBER);
            lens(p, 24.0, 32.0, 6.5);
            lens(p, 44.0, 32.0, 6.5);
            p.flat(circle(64.0, 32.0, 2.5), [250, 246, 220], 1.0);
        }
    }
}

/// An open flip phone: the lid with its screen above the hinge, the keypad below.
fn flip(p: &mut Painter<'_>) {
    p.body(rrect(10.0, 2.0, 70.0, 80.0, 12.0));
    p.glass(rrect(18.0, 12.0, 54.0, 58.0, 3.0));
    p.flat(rrect(38.0, 5.0, 14.0, 3.0, 1.5), RUBBER, 1.0);
    p.chrome(rrect(12.0, 80.0, 66.0, 10.0, 4.0));
    p.body(rrect(8.0, 88.0, 74.0, 80.0, 12.0));
    p.tone(rrect(30.0, 96.0, 30.0, 14.0, 6.0), p.dim(0.75));
    for row in 0..4 {
        for col in 0..3 {
            let (x, y) = (18.0 + col as f32 * 20.0, 116.0 + row as f32 * 12.0);
            p.tone(rrect(x, y, 16.0, 9.0, 3.0), shade(METAL, 1.1));
        }
    }
}

/// A phone in a closed wallet case: a stitched cover with card pockets and a snap strap,
/// the phone's edge showing along the spine.
fn wallet(p: &mut Painter<'_>) {
    p.tone(rrect(2.0, 4.0, 8.0, 162.0, 3.0), RUBBER);
    p.body(rrect(6.0, 2.0, 82.0, 166.0, 10.0));
    p.seam(rrect(11.0, 7.0, 72.0, 156.0, 7.0), p.dim(0.5), 0.8, 1.0);
    for i in 0..3 {
        let y = 70.0 + i as f32 * 16.0;
        p.tone(rrect(16.0, y, 50.0, 22.0, 3.0), p.dim(0.82));
        p.seam(line(18.0, y + 3.0, 64.0, y + 3.0), p.dim(0.45), 0.8, 1.2);
    }
    p.tone(rrect(58.0, 60.0, 32.0, 22.0, 6.0), p.secondary());
    p.chrome(circle(76.0, 71.0, 5.0));
    p.tone(rrect(20.0, 16.0, 24.0, 24.0, 7.0), p.dim(0.7));
    p.flat(circle(32.0, 28.0, 6.0), RUBBER, 1.0);
}

/// A camera lens: metal ring, black barrel, glass with a reflection.
fn lens(p: &mut Painter<'_>, cx: f32, cy: f32, r: f32) {
    p.chrome(circle(cx, cy, r));
    p.flat(circle(cx, cy, r * 0.78), RUBBER, 1.0);
    p.glass(circle(cx, cy, r * 0.5));
    p.flat(circle(cx - r * 0.2, cy - r * 0.2, r * 0.14), [255; 3], 0.7);
}
