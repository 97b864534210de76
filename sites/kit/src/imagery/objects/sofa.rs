//! Sofas from the front: three-seat with rolled arms, modern loveseat, tufted sofa.

use super::super::painter::{METAL, Painter, WOOD, shade};
use super::super::shapes::{circle, line, rounded, rrect};

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (240.0, 120.0);

/// Draws template 0 (three-seat), 1 (modern loveseat) or 2 (tufted).
pub(super) fn draw(p: &mut Painter<'_>, template: u8) {
    let dark = shade(p.primary(), 0.6);
    match template {
        0 => {
            for x in [22.0, 212.0] {
                p.tone(rrect(x, 102.0, 6.0, 18.0, 2.0), shade(WOOD, 0.7));
            }
            p.body(rrect(12.0, 14.0, 216.0, 70.0, 14.0));
            p.body(rrect(10.0, 76.0, 220.0, 28.0, 6.0));
            for i in 0..3 {
                let x = 34.0 + i as f32 * 58.0;
                p.body(rrect(x, 22.0, 56.0, 48.0, 10.0));
                p.body(rrect(x, 64.0, 56.0, 20.0, 7.0));
            }
            for x in [0.0, 206.0] {
                p.body(rrect(x, 40.0, 34.0, 64.0, 12.0));
                p.body(rrect(x - 2.0, 34.0, 38.0, 18.0, 9.0));
            }
            p.seam(line(12.0, 92.0, 228.0, 92.0), dark, 0.5, 1.0);
        }
        1 => {
            for (a, b) in [
                ((30.0, 96.0), (20.0, 120.0)),
                ((210.0, 96.0), (220.0, 120.0)),
            ] {
                p.line(line(a.0, a.1, b.0, b.1), METAL, 4.0);
            }
            p.body(rrect(24.0, 24.0, 192.0, 56.0, 6.0));
            p.body(rrect(20.0, 74.0, 200.0, 24.0, 4.0));
            for x in [44.0, 122.0] {
                p.body(rrect(x, 30.0, 74.0, 40.0, 8.0));
                p.body(rrect(x, 64.0, 74.0, 18.0, 5.0));
            }
            for x in [16.0, 196.0] {
                p.body(rrect(x, 50.0, 28.0, 50.0, 4.0));
            }
        }
        _ => {
            for x in [20.0, 214.0] {
                p.tone(
                    rounded(
                        &[
                            (x, 104.0),
                            (x + 8.0, 104.0),
                            (x + 6.0, 120.0),
                            (x + 2.0, 120.0),
                        ],
                        1.0,
                    ),
                    shade(WOOD, 0.55),
                );
            }
            p.body(rrect(14.0, 24.0, 212.0, 64.0, 10.0));
            // Buttoned tufting: a diamond grid of buttons joined by creases.
            for row in 0..3 {
                for col in 0..9 {
                    let x = 32.0 + col as f32 * 22.0 + if row % 2 == 1 { 11.0 } else { 0.0 };
                    let y = 34.0 + row as f32 * 13.0;
                    if x < 210.0 {
                        p.seam(line(x - 8.0, y - 5.0, x + 8.0, y + 5.0), dark, 0.35, 1.0);
                        p.seam(line(x - 8.0, y + 5.0, x + 8.0, y - 5.0), dark, 0.35, 1.0);
                        p.flat(circle(x, y, 1.8), dark, 1.0);
                    }
                }
            }
            p.body(rrect(14.0, 76.0, 212.0, 30.0, 6.0));
            p.body(rrect(34.0, 70.0, 172.0, 18.0, 6.0));
            for x in [0.0, 204.0] {
                p.body(rrect(x, 22.0, 36.0, 84.0, 10.0));
                p.body(rrect(x - 3.0, 18.0, 42.0, 16.0, 8.0));
            }
        }
    }
}
