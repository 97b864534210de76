//! Sports gear: a ball with its seams, a tennis racket lying flat, a dumbbell.

use super::super::painter::{IVORY, Painter, RUBBER};
use super::super::shapes::{circle, curve, ellipse, line, rrect};

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (170.0, 150.0);

/// Draws template 0 (ball), 1 (tennis racket) or 2 (dumbbell).
pub(super) fn draw(p: &mut Painter<'_>, template: u8) {
    match template {
        0 => {
            p.body(circle(85.0, 80.0, 68.0));
            let seam = RUBBER;
            p.seam(line(17.0, 80.0, 153.0, 80.0), seam, 0.8, 3.0);
            p.seam(line(85.0, 12.0, 85.0, 148.0), seam, 0.8, 3.0);
            p.seam(
                curve(&[(40.0, 28.0), (62.0, 80.0), (40.0, 132.0)]),
                seam,
                0.8,
                3.0,
            );
            p.seam(
                curve(&[(130.0, 28.0), (108.0, 80.0), (130.0, 132.0)]),
                seam,
                0.8,
                3.0,
            );
            p.flat(circle(62.0, 54.0, 16.0), [255; 3], 0.22);
        }
        1 => {
            for i in 0..9 {
                let x = 20.0 + i as f32 * 10.0;
                let half = (1.0 - ((x - 60.0) / 50.0).powi(2)).max(0.0).sqrt() * 60.0;
                p.line(line(x, 75.0 - half, x, 75.0 + half), IVORY, 1.2);
            }
            for i in 0..11 {
                let y = 25.0 + i as f32 * 10.0;
                let half = (1.0 - ((y - 75.0) / 60.0).powi(2)).max(0.0).sqrt() * 50.0;
                p.line(line(60.0 - half, y, 60.0 + half, y), IVORY, 1.2);
            }
            p.body_line(ellipse(60.0, 75.0, 52.0, 64.0), 10.0);
            p.body_line(curve(&[(104.0, 48.0), (118.0, 68.0), (124.0, 75.0)]), 7.0);
            p.body_line(curve(&[(104.0, 102.0), (118.0, 82.0), (124.0, 75.0)]), 7.0);
            p.body(rrect(120.0, 68.0, 26.0, 14.0, 4.0));
            p.tone(rrect(140.0, 66.0, 28.0, 18.0, 6.0), RUBBER);
        }
        _ => {
            p.chrome(rrect(20.0, 68.0, 130.0, 14.0, 5.0));
            p.tone(rrect(62.0, 66.0, 46.0, 18.0, 6.0), RUBBER);
            for (x, w, h) in [
                (4.0, 16.0, 96.0),
                (22.0, 14.0, 76.0),
                (150.0, 16.0, 96.0),
                (134.0, 14.0, 76.0),
            ] {
                p.body(rrect(x, 75.0 - h / 2.0, w, h, 5.0));
            }
        }
    }
}
