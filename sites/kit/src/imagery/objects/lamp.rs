//! Lamps: articulated desk lamp, floor lamp with drum shade, table lamp.

use super::super::painter::{IVORY, METAL, Painter, shade};
use super::super::shapes::{circle, ellipse, line, polyline, rounded, rrect, smooth};

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (120.0, 220.0);

/// Draws template 0 (desk), 1 (floor) or 2 (table lamp).
pub(super) fn draw(p: &mut Painter<'_>, template: u8) {
    match template {
        0 => {
            p.body(rounded(
                &[(26.0, 204.0), (94.0, 204.0), (100.0, 220.0), (20.0, 220.0)],
                5.0,
            ));
            p.body_line(polyline(&[(60.0, 206.0), (30.0, 120.0), (78.0, 56.0)]), 7.0);
            p.chrome(circle(30.0, 120.0, 6.0));
            p.chrome(circle(60.0, 204.0, 5.0));
            // A cone shade tilted down toward the desk, glowing underneath.
            p.glow(104.0, 108.0, 30.0, [255, 240, 180], 0.55);
            p.body(rounded(
                &[(64.0, 44.0), (86.0, 36.0), (118.0, 90.0), (86.0, 108.0)],
                6.0,
            ));
            p.flat(ellipse(102.0, 99.0, 18.0, 7.0), [255, 246, 200], 0.95);
            p.chrome(circle(76.0, 46.0, 6.0));
        }
        1 => {
            p.body(ellipse(60.0, 212.0, 32.0, 8.0));
            p.line(line(60.0, 208.0, 60.0, 60.0), METAL, 4.0);
            p.glow(60.0, 70.0, 44.0, [255, 240, 190], 0.5);
            p.body(rounded(
                &[(26.0, 6.0), (94.0, 6.0), (104.0, 72.0), (16.0, 72.0)],
                4.0,
            ));
            p.flat(ellipse(60.0, 72.0, 44.0, 5.0), [255, 244, 200], 0.9);
            p.seam(
                line(30.0, 12.0, 90.0, 12.0),
                shade(p.primary(), 0.6),
                0.6,
                1.5,
            );
        }
        _ => {
            // Ginger-jar base, brass neck and a tapered fabric shade.
            p.body(smooth(&[
                (60.0, 120.0),
                (86.0, 130.0),
                (100.0, 170.0),
                (84.0, 212.0),
                (60.0, 216.0),
                (36.0, 212.0),
                (20.0, 170.0),
                (34.0, 130.0),
            ]));
            p.flat(ellipse(60.0, 168.0, 28.0, 4.0), p.secondary(), 0.8);
            p.tone(rrect(44.0, 212.0, 32.0, 8.0, 2.0), shade(p.primary(), 0.6));
            p.tone(rrect(56.0, 100.0, 8.0, 22.0, 2.0), [196, 160, 80]);
            p.glow(60.0, 106.0, 40.0, [255, 240, 190], 0.45);
            p.body(rounded(
                &[(34.0, 20.0), (86.0, 20.0), (112.0, 104.0), (8.0, 104.0)],
                4.0,
            ));
            p.flat(ellipse(60.0, 104.0, 52.0, 4.0), IVORY, 0.9);
            p.tone(circle(60.0, 14.0, 5.0), [196, 160, 80]);
        }
    }
}
