//! Phones standing upright, seen from the back: one camera, triple camera, camera bar.

use super::super::painter::{METAL, Painter, RUBBER, shade};
use super::super::shapes::{circle, rrect};

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (90.0, 170.0);

/// Draws template 0 (single camera), 1 (triple camera) or 2 (camera bar).
pub(super) fn draw(p: &mut Painter<'_>, template: u8) {
    // Metal frame, then the coloured back panel.
    p.chrome(rrect(3.0, 2.0, 84.0, 166.0, 15.0));
    p.body(rrect(5.0, 4.0, 80.0, 162.0, 13.0));
    p.flat(rrect(87.0, 40.0, 2.0, 22.0, 1.0), shade(METAL, 0.8), 1.0);
    // A faint logo and a glossy sheen across the back.
    p.flat(circle(45.0, 96.0, 8.0), [255; 3], 0.25);
    p.glow(28.0, 40.0, 40.0, [255; 3], 0.18);
    match template {
        0 => {
            p.tone(rrect(12.0, 12.0, 24.0, 24.0, 7.0), shade(p.primary(), 0.85));
            lens(p, 24.0, 24.0, 7.5);
            p.flat(circle(42.0, 16.0, 3.0), [250, 246, 220], 1.0);
        }
        1 => {
            p.tone(
                rrect(10.0, 10.0, 40.0, 40.0, 10.0),
                shade(p.primary(), 0.82),
            );
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

/// A camera lens: metal ring, black barrel, glass with a reflection.
fn lens(p: &mut Painter<'_>, cx: f32, cy: f32, r: f32) {
    p.chrome(circle(cx, cy, r));
    p.flat(circle(cx, cy, r * 0.78), RUBBER, 1.0);
    p.glass(circle(cx, cy, r * 0.5));
    p.flat(circle(cx - r * 0.2, cy - r * 0.2, r * 0.14), [255; 3], 0.7);
}
